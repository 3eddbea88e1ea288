# CPU image of semforge, installed the way the README says (pip install from the source tree).
#   docker build -t semforge .
#   docker run --rm -v "$PWD/out:/out" semforge run --out /out/semforge-out
FROM python:3.11-slim

RUN apt-get update \
 && apt-get install -y --no-install-recommends make \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /opt/semforge
COPY pyproject.toml README.md ./
COPY semforge ./semforge
COPY pipeline ./pipeline
COPY transforms ./transforms
COPY verifiers ./verifiers
COPY cards ./cards
COPY sandbox ./sandbox
RUN pip install --no-cache-dir .

# The sandbox forks verification children: run as an unprivileged user by default.
RUN useradd --create-home semforge
USER semforge
WORKDIR /home/semforge
ENTRYPOINT ["semforge"]
CMD ["run", "--out", "semforge-out"]
