"""Publish a finished dataset directory as an immutable version: to the Hub, or to a local folder.

Hub: one commit holding the whole version (large files uploaded first, then a single
``create_commit`` whose ``parent_commit`` is the head we read, so a concurrent change fails the
commit instead of being overwritten), then the tag ``vX.Y.Z`` on that commit. A publish killed
before its commit changes nothing visible; one killed between commit and tag leaves the previous
tags as they were, and rerunning the same command tags the commit (the files are unchanged, so no
new commit is made). Existing tags are never moved.

Local (``--to PATH``): ``PATH/vX.Y.Z/`` holds the version (the same files as the Hub commit),
written under a temporary name and renamed when complete; ``PATH/versions.json`` lists versions.
"""

from __future__ import annotations

import json
import re
import tempfile
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable

import fsspec

VERSION = re.compile(r"^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$")
# What a version holds: the card, the stats and report, plots and the Hub-layout shards. Not the
# run's work area (work shards, markers), which is how the run resumes, not what users load.
PUBLISHED_GLOBS = ("README.md", "stats.json", "report.md", "plots/*.png",
                   "data/default/train-*.parquet", "data/rejected/train-*.parquet")
MANAGED_PREFIXES = ("data/", "plots/")  # a version replaces everything here, so no file lingers
PUBLIC_HUB = "https://huggingface.co"


class PublishError(Exception):
    """A publish that cannot go ahead; the message says why and what to do."""


@dataclass
class Published:
    url: str
    revision: str
    load_line: str
    commit: str | None = None


def check_version(version: str) -> str:
    if not VERSION.match(version):
        raise PublishError(f"--version {version!r}: use semantic versioning X.Y.Z (e.g. 1.0.0)")
    return f"v{version}"


def dataset_files(src: str) -> dict[str, str]:
    """Relative path -> full path of the files of a finished run, after checking it is complete."""
    fs, root = fsspec.core.url_to_fs(src)
    root = root.rstrip("/")
    stats_path = f"{root}/stats.json"
    if not fs.exists(stats_path):
        raise PublishError(f"{src} has no stats.json: it is not a semforge dataset directory, or "
                           "its run never finished; run `semforge run --out DIR` to the end first")
    with fs.open(stats_path, "r") as fh:
        stats = json.load(fh)
    failed = stats.get("shards", {}).get("failed") or []
    if not stats.get("complete", False) or failed or "configs" not in stats:
        why = f"{len(failed)} shard(s) failed" if failed else "it was not finalized"
        raise PublishError(f"the run in {src} is incomplete ({why}); rerun the same "
                           "`semforge run` command to finish it, then publish")
    files: dict[str, str] = {}
    for pattern in PUBLISHED_GLOBS:
        for path in sorted(fs.glob(f"{root}/{pattern}")):
            files[path[len(root) + 1:]] = path
    for config, info in stats["configs"].items():
        for f in info["files"]:
            if f["path"] not in files or fs.size(files[f["path"]]) != f["bytes"]:
                raise PublishError(f"{src}: {f['path']} (config {config}) is missing or changed "
                                   "since the run wrote it; rerun `semforge run` to rewrite it")
    listed = {f["path"] for info in stats["configs"].values() for f in info["files"]}
    extra = [p for p in files if p.startswith("data/") and p not in listed]
    if extra:
        raise PublishError(f"{src}: data files not written by the run's last finalize: "
                           f"{', '.join(extra[:5])}; rerun `semforge run` to rewrite the data")
    return files


def _card_for(src: str, load_path: str, revision: str | None) -> bytes:
    """The card re-rendered so its loading example names where this version lives."""
    from semforge.cards.render import render_card
    from semforge.pipeline.config import parse_config

    fs, root = fsspec.core.url_to_fs(src)
    with fs.open(f"{root.rstrip('/')}/stats.json", "r") as fh:
        stats = json.load(fh)
    sizes = {name: sum(f["bytes"] for f in c["files"]) for name, c in stats["configs"].items()}
    return render_card(stats, parse_config(stats["config"]), load_path, sizes, revision).encode()


def publish_local(src: str, dest: str, version: str,
                  log: Callable[[str], None] = print) -> Published:
    tag = check_version(version)
    files = dataset_files(src)
    src_fs, _ = fsspec.core.url_to_fs(src)
    fs, root = fsspec.core.url_to_fs(dest)
    root = root.rstrip("/")
    target = f"{root}/{tag}"
    if fs.exists(target):
        raise PublishError(f"{dest}/{tag} already exists: published versions are never "
                           "overwritten; publish under a new --version")
    staging = f"{root}/.{tag}.{uuid.uuid4().hex}.tmp"
    fs.makedirs(staging, exist_ok=True)
    try:
        for rel, path in files.items():
            fs.makedirs(f"{staging}/{rel}".rsplit("/", 1)[0], exist_ok=True)
            if rel == "README.md":
                data = _card_for(src, f"{dest.rstrip('/').rsplit('/', 1)[-1]}/{tag}", None)
                with fs.open(f"{staging}/{rel}", "wb") as fh:
                    fh.write(data)
                continue
            with src_fs.open(path, "rb") as fin, fs.open(f"{staging}/{rel}", "wb") as fout:
                while chunk := fin.read(8 << 20):
                    fout.write(chunk)
        if fs.exists(target):  # another publisher of the same version finished first
            raise PublishError(f"{dest}/{tag} was published while this publish ran")
        fs.mv(staging, target, recursive=True)
    finally:
        if fs.exists(staging):
            fs.rm(staging, recursive=True)
    index_path = f"{root}/versions.json"
    versions = json.loads(fs.cat_file(index_path)) if fs.exists(index_path) else []
    versions = [v for v in versions if v["version"] != version] + [
        {"version": version, "tag": tag, "path": tag, "files": len(files),
         "published": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}]
    tmp_index = f"{root}/.versions.{uuid.uuid4().hex}.tmp"
    with fs.open(tmp_index, "w") as fh:
        fh.write(json.dumps(versions, indent=1))
    fs.mv(tmp_index, index_path)
    url, load_line = _where(fs, target)
    log(f"published {len(files)} files to {url}")
    return Published(url=url, revision=tag, load_line=load_line)


def _where(fs, path: str) -> tuple[str, str]:
    """Where a version lives, as users name it, and the line that loads it. On the local disk a
    plain path and ``load_dataset(path)``. Elsewhere the full URL with its protocol (``fs``
    strips it: ``s3://b/rel`` is ``b/rel`` to fsspec, which ``datasets`` would read as a Hub repo
    id), loaded through its files: `datasets` loads a dataset *folder* only from the local disk
    or the Hub (``storage_options=`` carries credentials where needed)."""
    from fsspec.implementations.local import LocalFileSystem

    from semforge.cards.render import CONFIG_FILES

    if isinstance(fs, LocalFileSystem):
        return path, f'load_dataset("{path}")'
    url = fs.unstrip_protocol(path)
    return url, (f'load_dataset("parquet", data_files="{url}/{CONFIG_FILES["default"]}", '
                 'split="train")')


def _hub_error(exc: Exception, repo: str, endpoint: str) -> PublishError:
    """Turn the client's HTTP errors into a message that names the fix (never the token)."""
    from huggingface_hub.errors import HfHubHTTPError, RepositoryNotFoundError

    status = getattr(getattr(exc, "response", None), "status_code", None)
    if status == 401:
        return PublishError(f"{endpoint} rejected the token (401 Unauthorized): set a valid write "
                            "token in HF_TOKEN or run `hf auth login`")
    if isinstance(exc, RepositoryNotFoundError) or status == 404:
        return PublishError(f"dataset repo {repo} was not found on {endpoint} and could not be "
                            "created; check the name and that your token can write there")
    if status == 403:
        return PublishError(f"{endpoint} refused access to {repo} (403): your token cannot write "
                            f"there ({_server_message(exc)}); use a token with write access to "
                            "the namespace, or another --repo")
    if status == 412:
        return PublishError(f"{repo} changed while publishing (someone committed to it); nothing "
                            "was published: run the command again")
    if isinstance(exc, HfHubHTTPError):
        return PublishError(f"the Hub at {endpoint} answered {status}: {_server_message(exc)}")
    return PublishError(f"could not reach {endpoint}: {type(exc).__name__}: {exc}")


def _server_message(exc: Exception) -> str:
    response = getattr(exc, "response", None)
    if response is not None:
        return response.headers.get("X-Error-Message") or str(exc).splitlines()[0]
    return str(exc).splitlines()[0]


def publish_hub(src: str, repo: str, version: str, *, endpoint: str | None = None,
                private: bool = False, token: str | None = None,
                log: Callable[[str], None] = print) -> Published:
    from fsspec.implementations.local import LocalFileSystem
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete, HfApi, constants, get_token
    from huggingface_hub.errors import HfHubHTTPError

    tag = check_version(version)
    if repo.count("/") != 1 or not all(repo.split("/")):
        raise PublishError(f"--repo {repo!r}: use ORG/NAME")
    files = dataset_files(src)
    endpoint = (endpoint or constants.ENDPOINT).rstrip("/")
    api = HfApi(endpoint=endpoint, token=token)  # token None: HF_TOKEN or the stored login
    if token is None and get_token() is None:
        raise PublishError("no Hub token found: set HF_TOKEN or run `hf auth login` "
                           "(or publish to a folder with --to PATH)")
    try:
        api.create_repo(repo, repo_type="dataset", private=private, exist_ok=True)
        refs = api.list_repo_refs(repo, repo_type="dataset")
        existing = {t.name: t.target_commit for t in refs.tags}
        if tag in existing:
            raise PublishError(f"{repo} already has the tag {tag} (commit {existing[tag][:12]}); "
                               "published versions are never moved: publish a new --version")
        head = next((b.target_commit for b in refs.branches if b.name == "main"), None)
        remote = set(api.list_repo_files(repo, repo_type="dataset", revision=head)) if head else set()

        with tempfile.TemporaryDirectory(prefix="semforge-publish-") as tmp:
            additions = []
            src_fs, _ = fsspec.core.url_to_fs(src)
            for rel, path in files.items():
                if rel == "README.md":
                    payload: Any = _card_for(src, repo, tag)
                elif isinstance(src_fs, LocalFileSystem):
                    payload = path
                else:  # a URL: the client uploads from local files, so fetch a copy first
                    payload = f"{tmp}/{uuid.uuid4().hex}"
                    src_fs.get(path, payload)
                additions.append(CommitOperationAdd(path_in_repo=rel, path_or_fileobj=payload))
            deletions = [CommitOperationDelete(path_in_repo=p) for p in sorted(remote)
                         if p.startswith(MANAGED_PREFIXES) and p not in files]
            total = sum(a.upload_info.size for a in additions)
            log(f"uploading {len(additions)} files ({total / 1e6:.1f} MB) to {endpoint} {repo}")
            # Large files go first, outside the commit: an interrupted upload leaves only
            # unreferenced objects, and the commit itself is one small request.
            api.preupload_lfs_files(repo, additions=additions, repo_type="dataset",
                                    revision="main")
            commit = api.create_commit(
                repo, operations=[*additions, *deletions], repo_type="dataset",
                commit_message=f"semforge dataset {tag}", parent_commit=head,
                commit_description=f"Published by semforge publish --version {version}.",
            )
        api.create_tag(repo, tag=tag, revision=commit.oid, repo_type="dataset",
                       tag_message=f"semforge dataset {tag}")
    except PublishError:
        raise
    except HfHubHTTPError as exc:
        if getattr(exc.response, "status_code", None) == 409:  # create_tag lost a race
            raise PublishError(f"{repo} already has the tag {tag}: published versions are never "
                               "moved; publish a new --version") from None
        raise _hub_error(exc, repo, endpoint) from None
    except OSError as exc:
        raise _hub_error(exc, repo, endpoint) from None
    except (KeyError, ValueError) as exc:  # an answer the client could not read
        raise PublishError(f"unexpected answer from {endpoint} while publishing {repo}: "
                           f"{type(exc).__name__}: {exc}") from None
    url = f"{endpoint}/datasets/{repo}/tree/{tag}"
    load_line = f'load_dataset("{repo}", revision="{tag}")'
    if endpoint != PUBLIC_HUB:
        # `datasets` reads the Hub at HF_ENDPOINT (the public Hub by default): without it the
        # line would look for the repo on huggingface.co.
        load_line += f"  # with HF_ENDPOINT={endpoint} set: the repo is not on the public Hub"
    return Published(url=url, revision=tag, commit=commit.oid, load_line=load_line)
