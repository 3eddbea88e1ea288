"""A loopback server that speaks the part of the Hugging Face Hub's HTTP API that the real
``huggingface_hub`` client (and ``datasets`` through it) uses to create a dataset repo, commit to
it, tag it and read it back by revision.

Routes (what the installed client sends; see huggingface_hub's hf_api.py, _commit_api.py, lfs.py,
file_download.py, hf_file_system.py):

    POST /api/repos/create                               create (409 if it exists)
    GET  /api/whoami-v2
    GET  /api/agent-harnesses                            registry the client labels its user agent with
    POST /api/validate-yaml                              README metadata check before a commit
    POST /api/datasets/{repo}/preupload/{rev}            upload mode per file: regular or lfs
    POST /datasets/{repo}.git/info/lfs/objects/batch     LFS batch: where to PUT each object
    PUT  /lfs-upload/{sha256}                            LFS object upload (basic transfer)
    POST /api/datasets/{repo}/commit/{rev}               ndjson commit; 412 on a stale parentCommit
    POST /api/datasets/{repo}/tag/{rev}                  create a tag (409 if it exists)
    GET  /api/datasets/{repo}/refs                       branches and tags
    GET  /api/datasets/{repo}[/revision/{rev}]           dataset info: sha, siblings
    GET  /api/datasets/{repo}/tree/{rev}[/{path}]        listing (recursive or not)
    POST /api/datasets/{repo}/paths-info/{rev}           info of given paths
    GET  /api/datasets/{repo}/commits/{rev}              history
    GET|HEAD /datasets/{repo}/resolve/{rev}/{path}       file content by revision (Range too)

Blobs are stored on disk by sha256, repos (commits as path -> sha256 trees, refs) in memory.
Tokens map to user names; private repos are hidden (404) from anyone but their owner. Hooks let a
test stall an LFS upload (to kill a publisher mid-way) or count requests.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit



def git_blob_sha1(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


@dataclass
class Repo:
    owner: str
    private: bool
    commits: dict[str, dict] = field(default_factory=dict)   # oid -> {parent, tree, title, date}
    branches: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)


class HubState:
    def __init__(self, root: Path, tokens: dict[str, str], lfs_threshold: int) -> None:
        self.root = root
        (root / "blobs").mkdir(parents=True, exist_ok=True)
        self.tokens = tokens
        self.lfs_threshold = lfs_threshold
        self.repos: dict[str, Repo] = {}
        self.lock = threading.RLock()
        self.requests: list[tuple[str, str]] = []
        self.stall_lfs_upload: threading.Event | None = None  # set: uploads proceed
        self.lfs_upload_started = threading.Event()

    # blobs ---------------------------------------------------------------------------------
    def put_blob(self, data: bytes) -> dict:
        sha = hashlib.sha256(data).hexdigest()
        path = self.root / "blobs" / sha
        if not path.exists():
            tmp = path.with_suffix(f".{threading.get_ident()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        return {"sha256": sha, "size": len(data), "lfs": len(data) >= self.lfs_threshold,
                "sha1": git_blob_sha1(data)}

    def blob(self, sha256: str) -> bytes:
        return (self.root / "blobs" / sha256).read_bytes()

    def has_blob(self, sha256: str) -> bool:
        return (self.root / "blobs" / sha256).exists()

    # commits -------------------------------------------------------------------------------
    def commit(self, repo: Repo, parent: str | None, tree: dict, title: str) -> str:
        body = json.dumps({"parent": parent, "tree": tree, "title": title, "t": time.time_ns()},
                          sort_keys=True)
        oid = hashlib.sha1(body.encode()).hexdigest()
        repo.commits[oid] = {"parent": parent, "tree": tree, "title": title,
                             "date": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())}
        return oid

    def resolve(self, repo: Repo, rev: str) -> str | None:
        rev = unquote(rev)
        for prefix, refs in (("refs/heads/", repo.branches), ("refs/tags/", repo.tags)):
            if rev.startswith(prefix):
                return refs.get(rev[len(prefix):])
        if rev in repo.branches:
            return repo.branches[rev]
        if rev in repo.tags:
            return repo.tags[rev]
        if rev in repo.commits:
            return rev
        return None

    def save(self) -> None:
        """The repos' metadata beside the blobs, so a test (or a person) can look at them."""
        data = {rid: {"owner": r.owner, "private": r.private, "branches": r.branches,
                      "tags": r.tags, "commits": r.commits} for rid, r in self.repos.items()}
        (self.root / "repos.json").write_text(json.dumps(data, indent=1))


class HubError(Exception):
    def __init__(self, status: int, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.code = status, message, code


def _entry(path: str, info: dict) -> dict:
    entry = {"type": "file", "path": path, "size": info["size"], "oid": info["sha1"]}
    if info["lfs"]:
        entry["lfs"] = {"oid": info["sha256"], "size": info["size"], "pointerSize": 134}
    return entry


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "HubServer"

    def log_message(self, *args) -> None:  # quiet: tests read state.requests instead
        pass

    # plumbing --------------------------------------------------------------------------------
    def _body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def _send(self, status: int, body: bytes | dict | list = b"", headers: dict | None = None,
              head: bool = False) -> None:
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
            headers = {"Content-Type": "application/json", **(headers or {})}
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, str(v))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _error(self, err: HubError, head: bool = False) -> None:
        headers = {"X-Error-Message": err.message}
        if err.code:
            headers["X-Error-Code"] = err.code
        self._send(err.status, {"error": err.message}, headers, head=head)

    def _user(self, required: bool) -> str | None:
        auth = self.headers.get("Authorization", "")
        if not auth.startswith("Bearer "):
            if required:
                raise HubError(401, "Invalid credentials in Authorization header")
            return None
        user = self.server.state.tokens.get(auth[7:])
        if user is None:
            raise HubError(401, "Invalid credentials in Authorization header")
        return user

    def _repo(self, repo_id: str, write: bool = False) -> Repo:
        user = self._user(required=write)
        repo = self.server.state.repos.get(repo_id)
        if repo is None or (repo.private and user != repo.owner):
            raise HubError(404, "Repository not found", "RepoNotFound")
        if write and user != repo.owner:
            raise HubError(403, f"You don't have write access to {repo_id}")
        return repo

    def _tree(self, repo: Repo, rev: str) -> tuple[str, dict]:
        oid = self.server.state.resolve(repo, rev)
        if oid is None:
            raise HubError(404, f"Invalid rev id: {unquote(rev)}", "RevisionNotFound")
        return oid, repo.commits[oid]["tree"]

    def _dispatch(self, method: str) -> None:
        url = urlsplit(self.path)
        path, query = url.path, parse_qs(url.query)
        state = self.server.state
        with state.lock:
            state.requests.append((method, path))
        head = method == "HEAD"
        try:
            for pattern, verb, handler in ROUTES:
                if verb == method or (verb == "GET" and head):
                    m = re.fullmatch(pattern, path)
                    if m:
                        return handler(self, query, head, *m.groups())
            raise HubError(404, f"no route for {method} {path}")
        except HubError as err:
            self._error(err, head)

    def do_GET(self): self._dispatch("GET")
    def do_HEAD(self): self._dispatch("HEAD")
    def do_POST(self): self._dispatch("POST")
    def do_PUT(self): self._dispatch("PUT")

    # routes ----------------------------------------------------------------------------------
    def whoami(self, query, head):
        user = self._user(required=True)
        self._send(200, {"type": "user", "name": user, "orgs": [],
                         "auth": {"type": "access_token", "accessToken": {"role": "write"}}})

    def agent_harnesses(self, query, head):
        # The client fetches this registry (at most daily) to label its user agent; empty here.
        self._send(200, {"standardEnvVars": [], "harnesses": {}})

    def validate_yaml(self, query, head):
        self._body()
        self._send(200, {"errors": [], "warnings": []})

    def create_repo(self, query, head):
        user = self._user(required=True)
        payload = json.loads(self._body())
        namespace = payload.get("organization") or user
        repo_id = f"{namespace}/{payload['name']}"
        if namespace != user:
            raise HubError(403, f"You don't have the rights to create a dataset under the "
                                f"namespace \"{namespace}\"")
        state = self.server.state
        base = f"http://{self.headers['Host']}"
        with state.lock:
            if repo_id in state.repos:  # the Hub's 409 names the repo's url, which clients read
                return self._send(409, {"error": "You already created this dataset repo",
                                        "url": f"{base}/datasets/{repo_id}"},
                                  {"X-Error-Message": "You already created this dataset repo"})
            repo = Repo(owner=user, private=payload.get("visibility") == "private"
                        or bool(payload.get("private")))
            gitattributes = state.put_blob(b"*.parquet filter=lfs diff=lfs merge=lfs -text\n")
            repo.branches["main"] = state.commit(repo, None, {".gitattributes": gitattributes},
                                                 "initial commit")
            state.repos[repo_id] = repo
            state.save()
        self._send(200, {"url": f"{base}/datasets/{repo_id}", "name": repo_id})

    def preupload(self, query, head, repo_id, rev):
        payload = json.loads(self._body())
        repo = self._repo(repo_id, write=True)
        _, tree = self._tree(repo, rev)
        files = []
        for f in payload["files"]:
            lfs = f["size"] >= self.server.state.lfs_threshold
            existing = tree.get(f["path"])
            oid = None
            if existing is not None:
                oid = existing["sha256"] if existing["lfs"] else existing["sha1"]
            files.append({"path": f["path"], "uploadMode": "lfs" if lfs else "regular",
                          "shouldIgnore": False, "oid": oid})
        self._send(200, {"files": files})

    def lfs_batch(self, query, head, repo_id):
        payload = json.loads(self._body())
        self._repo(repo_id, write=True)
        base = f"http://{self.headers['Host']}"
        objects = []
        for obj in payload["objects"]:
            entry = {"oid": obj["oid"], "size": obj["size"], "authenticated": True}
            if not self.server.state.has_blob(obj["oid"]):
                entry["actions"] = {"upload": {"href": f"{base}/lfs-upload/{obj['oid']}",
                                               "header": {}}}
            objects.append(entry)
        self._send(200, {"transfer": "basic", "objects": objects})

    def lfs_upload(self, query, head, oid):
        state = self.server.state
        state.lfs_upload_started.set()
        if state.stall_lfs_upload is not None:
            state.stall_lfs_upload.wait(timeout=120)
        data = self._body()
        if hashlib.sha256(data).hexdigest() != oid:
            raise HubError(400, "LFS object does not match its oid")
        state.put_blob(data)
        self._send(200, b"")

    def commit(self, query, head, repo_id, rev):
        body = self._body()
        repo = self._repo(repo_id, write=True)
        state = self.server.state
        lines = [json.loads(line) for line in body.decode().splitlines() if line.strip()]
        header = lines[0]["value"]
        branch = unquote(rev)
        with state.lock:
            if branch not in repo.branches:
                raise HubError(404, f"Invalid rev id: {branch}", "RevisionNotFound")
            head_oid = repo.branches[branch]
            parent = header.get("parentCommit")
            if parent is not None and parent != head_oid:
                raise HubError(412, "A commit has happened since. Please refresh and try again.")
            tree = dict(repo.commits[head_oid]["tree"])
            for op in lines[1:]:
                key, value = op["key"], op["value"]
                if key == "file":
                    tree[value["path"]] = state.put_blob(base64.b64decode(value["content"]))
                elif key == "lfsFile":
                    if not state.has_blob(value["oid"]):
                        raise HubError(400, f"LFS object {value['oid']} was not uploaded")
                    info = state.put_blob(state.blob(value["oid"]))
                    tree[value["path"]] = {**info, "lfs": True}
                elif key == "deletedFile":
                    if tree.pop(value["path"], None) is None:
                        raise HubError(404, f"File not found: {value['path']}", "EntryNotFound")
                elif key == "deletedFolder":
                    prefix = value["path"].rstrip("/") + "/"
                    for p in [p for p in tree if p.startswith(prefix)]:
                        del tree[p]
                else:
                    raise HubError(400, f"unknown commit operation {key}")
            oid = state.commit(repo, head_oid, tree, header["summary"])
            repo.branches[branch] = oid
            state.save()
        base = f"http://{self.headers['Host']}"
        self._send(200, {"commitUrl": f"{base}/datasets/{repo_id}/commit/{oid}", "commitOid": oid,
                         "success": True})

    def tag(self, query, head, repo_id, rev):
        payload = json.loads(self._body())
        repo = self._repo(repo_id, write=True)
        state = self.server.state
        with state.lock:
            oid = state.resolve(repo, rev)
            if oid is None:
                raise HubError(404, f"Invalid rev id: {unquote(rev)}", "RevisionNotFound")
            if payload["tag"] in repo.tags:
                raise HubError(409, f"Tag {payload['tag']} already exists")
            repo.tags[payload["tag"]] = oid
            state.save()
        self._send(200, {})

    def refs(self, query, head, repo_id):
        repo = self._repo(repo_id)
        self._send(200, {
            "branches": [{"name": b, "ref": f"refs/heads/{b}", "targetCommit": o}
                         for b, o in repo.branches.items()],
            "tags": [{"name": t, "ref": f"refs/tags/{t}", "targetCommit": o}
                     for t, o in repo.tags.items()],
            "converts": [],
        })

    def info(self, query, head, repo_id, rev=None):
        repo = self._repo(repo_id)
        oid, tree = self._tree(repo, rev or "main")
        self._send(200, {
            "_id": repo_id, "id": repo_id, "author": repo.owner, "sha": oid,
            "private": repo.private, "disabled": False, "gated": False, "downloads": 0,
            "likes": 0, "tags": [], "cardData": {}, "createdAt": repo.commits[oid]["date"],
            "lastModified": repo.commits[oid]["date"],
            "siblings": [{"rfilename": p} for p in sorted(tree)],
        })

    def tree(self, query, head, repo_id, rev, sub=""):
        repo = self._repo(repo_id)
        _, tree = self._tree(repo, rev)
        sub = unquote(sub or "").strip("/")
        prefix = f"{sub}/" if sub else ""
        recursive = query.get("recursive", ["false"])[0].lower() in ("true", "1")
        if sub and not any(p.startswith(prefix) for p in tree):
            raise HubError(404, f"{sub} does not exist on {unquote(rev)}", "EntryNotFound")
        entries, folders = [], set()
        for path in sorted(tree):
            if not path.startswith(prefix):
                continue
            rest = path[len(prefix):].split("/")
            for depth in range(1, len(rest)):
                folder = prefix + "/".join(rest[:depth])
                if (recursive or depth == 1) and folder not in folders:
                    folders.add(folder)
                    entries.append({"type": "directory", "path": folder,
                                    "oid": hashlib.sha1(folder.encode()).hexdigest()})
            if recursive or len(rest) == 1:
                entries.append(_entry(path, tree[path]))
        self._send(200, entries)

    def paths_info(self, query, head, repo_id, rev):
        body = self._body()
        ctype = self.headers.get("Content-Type", "")
        if "json" in ctype:
            paths = json.loads(body).get("paths", [])
        else:
            paths = parse_qs(body.decode()).get("paths", [])
        repo = self._repo(repo_id)
        _, tree = self._tree(repo, rev)
        out = []
        for p in paths:
            p = p.strip("/")
            if p in tree:
                out.append(_entry(p, tree[p]))
            elif any(q.startswith(p + "/") for q in tree):
                out.append({"type": "directory", "path": p,
                            "oid": hashlib.sha1(p.encode()).hexdigest()})
        self._send(200, out)

    def commits(self, query, head, repo_id, rev):
        repo = self._repo(repo_id)
        oid, _ = self._tree(repo, rev)
        history = []
        while oid is not None:
            c = repo.commits[oid]
            history.append({"id": oid, "title": c["title"], "message": "", "date": c["date"],
                            "authors": [{"user": repo.owner}]})
            oid = c["parent"]
        self._send(200, history)

    def resolve_file(self, query, head, repo_id, rev, path):
        repo = self._repo(repo_id)
        oid, tree = self._tree(repo, rev)
        path = unquote(path)
        info = tree.get(path)
        if info is None:
            raise HubError(404, f"Entry not found: {path}", "EntryNotFound")
        data = self.server.state.blob(info["sha256"])
        etag = info["sha256"] if info["lfs"] else info["sha1"]
        headers = {"X-Repo-Commit": oid, "ETag": f'"{etag}"', "Accept-Ranges": "bytes",
                   "Content-Type": "application/octet-stream"}
        rng = self.headers.get("Range")
        m = re.fullmatch(r"bytes=(\d*)-(\d*)", rng or "")
        if m and (m.group(1) or m.group(2)):
            if m.group(1):
                start = int(m.group(1))
                end = int(m.group(2)) if m.group(2) else len(data) - 1
            else:
                start, end = max(0, len(data) - int(m.group(2))), len(data) - 1
            end = min(end, len(data) - 1)
            headers["Content-Range"] = f"bytes {start}-{end}/{len(data)}"
            return self._send(206, data[start:end + 1], headers, head=head)
        self._send(200, data, headers, head=head)


REPO = r"([^/]+/[^/]+?)"
ROUTES = [
    (r"/api/whoami-v2", "GET", Handler.whoami),
    (r"/api/agent-harnesses", "GET", Handler.agent_harnesses),
    (r"/api/validate-yaml", "POST", Handler.validate_yaml),
    (r"/api/repos/create", "POST", Handler.create_repo),
    (rf"/api/datasets/{REPO}/preupload/([^/]+)", "POST", Handler.preupload),
    (rf"/datasets/{REPO}\.git/info/lfs/objects/batch", "POST", Handler.lfs_batch),
    (r"/lfs-upload/([0-9a-f]{64})", "PUT", Handler.lfs_upload),
    (rf"/api/datasets/{REPO}/commit/([^/]+)", "POST", Handler.commit),
    (rf"/api/datasets/{REPO}/tag/([^/]+)", "POST", Handler.tag),
    (rf"/api/datasets/{REPO}/refs", "GET", Handler.refs),
    (rf"/api/datasets/{REPO}/revision/([^/]+)", "GET", Handler.info),
    (rf"/api/datasets/{REPO}/tree/([^/]+)(?:/(.*))?", "GET", Handler.tree),
    (rf"/api/datasets/{REPO}/paths-info/([^/]+)", "POST", Handler.paths_info),
    (rf"/api/datasets/{REPO}/commits/([^/]+)", "GET", Handler.commits),
    (rf"/datasets/{REPO}/resolve/([^/]+)/(.+)", "GET", Handler.resolve_file),
    (rf"/api/datasets/{REPO}", "GET", Handler.info),
]


class HubServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, root: Path, tokens: dict[str, str], lfs_threshold: int = 10 * 1024 * 1024):
        super().__init__(("127.0.0.1", 0), Handler)
        self.state = HubState(Path(root), tokens, lfs_threshold)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def __enter__(self) -> "HubServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()
        self.server_close()


if __name__ == "__main__":  # python tests/hub_server.py ROOT TOKEN=USER ...: a Hub for manual tries
    import sys

    tokens = dict(arg.split("=", 1) for arg in sys.argv[2:])
    with HubServer(Path(sys.argv[1]), tokens) as hub:
        print(f"Hub at {hub.url}; tokens: {', '.join(tokens)}", flush=True)
        hub.thread.join()
