"""An OpenAI-compatible chat completions server on loopback that answers from a script.

Answers depend on the prompt kind found in the request (faster / equivalent ...) and on the
entry point named in it, so tests know exactly what every sample is. Failures can be queued
(``fail_next``: HTTP statuses, ``(status, headers)``, "sleep" to outlast the client's timeout,
"ok" to answer). Every request body is kept in ``requests``; ``connections`` counts the TCP
connections the clients opened (the server speaks HTTP/1.1, so a client may keep one alive).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ScriptedServer:
    def __init__(self, script: dict[tuple[str, str], list[tuple[str, str]]], *,
                 model: str = "scripted-model", api_key: str | None = None) -> None:
        # script[(entry_point or a seed's program, prompt kind)] = [(content, finish_reason), ...]
        self.script = script
        self.model = model
        self.api_key = api_key
        self.requests: list[dict] = []
        self.fail_next: list[int | str | tuple[int, dict]] = []
        self.connections = 0
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as real servers do

            def setup(self):
                super().setup()
                with server.lock:
                    server.connections += 1

            def log_message(self, *args):  # keep pytest output clean
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with server.lock:
                    failure = server.fail_next.pop(0) if server.fail_next else None
                    failure = None if failure == "ok" else failure
                    if failure is None:
                        server.requests.append(body)
                if failure == "sleep":
                    time.sleep(1.5)
                    failure = 503
                headers = {"Retry-After": "0"} if failure == 429 else {}
                if isinstance(failure, tuple):
                    failure, headers = failure
                if failure is not None:
                    return self._send(failure, {"error": "scripted failure"}, headers)
                if self.path != "/v1/chat/completions":
                    return self._send(404, {"error": f"no route {self.path}"})
                if server.api_key and self.headers.get("Authorization") != f"Bearer {server.api_key}":
                    return self._send(401, {"error": "invalid api key"})
                if body["model"] != server.model:
                    return self._send(404, {"error": f"model {body['model']} does not exist"})
                text = body["messages"][-1]["content"]
                kind = next((k for k in ("faster", "slower", "explicitly") if k in text),
                            "equivalent")
                # A key is an entry point named in the prompt, or (several lines) a program
                # quoted in it: seeds that share an entry point are told apart by their code.
                entry = next((e for e, _ in server.script
                              if ("\n" in e and e.rstrip() in text) or f"`{e}`" in text), None)
                answers = server.script.get((entry, kind), [("I cannot help with that.", "stop")])
                choices = [{"index": i, "message": {"role": "assistant", "content": c},
                            "finish_reason": f} for i, (c, f) in enumerate(answers[: body["n"]])]
                self._send(200, {"id": "x", "object": "chat.completion", "model": body["model"],
                                 "choices": choices})

            def _send(self, status, payload, headers=None):
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "ScriptedServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
