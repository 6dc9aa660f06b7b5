"""`croupier serve --tls` in a subprocess on a loopback port, and an HTTPS client that trusts exactly
the certificate it made (for test_tls.py and test_browser_tls.py)."""

from __future__ import annotations

import http.client
import json
import re
import socket
import ssl
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = "2468"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """`croupier serve --tls` in a subprocess, on a loopback port."""

    def __init__(self, db: Path) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "webui.cli", "serve", "--tls", "--db", str(db), "--host", "127.0.0.1",
             "--port", str(self.port), "--pin", PIN, "--streams", "4", "--workers", "2"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.printed = ""
        deadline = time.monotonic() + 30
        while "Serving on" not in self.printed:
            line = self.proc.stdout.readline()
            assert line and time.monotonic() < deadline, f"serve --tls did not start:\n{self.printed}"
            self.printed += line
        self.fingerprint = re.search(r"SHA-256 ((?:[0-9A-F]{2}:){31}[0-9A-F]{2})", self.printed).group(1)
        self.cert = db.with_name(db.name + "-tls-cert.pem")
        self.context = ssl.create_default_context(cafile=str(self.cert))     # trust exactly this certificate
        for _ in range(100):                                                  # waitress behind the front is up
            try:
                self.request("GET", "/state")
                break
            except OSError:
                time.sleep(0.1)

    def connect(self, source: str = "127.0.0.1") -> http.client.HTTPSConnection:
        return http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context, timeout=10,
                                           source_address=(source, 0))

    def request(self, method, path, body=None, headers=None, source="127.0.0.1"):
        conn = self.connect(source)
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        return resp, data

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)
        self.proc.stdout.close()


class Browser:
    """One client over HTTPS, from one loopback address, with its cookie and CSRF token."""

    def __init__(self, server: Served, source: str = "127.0.0.1") -> None:
        self.server, self.source, self.cookie, self.n = server, source, "", 0
        resp, html = self.get("/")
        self.csrf = re.search(rb'name="csrf-token" content="([^"]+)"', html).group(1).decode()

    def _keep(self, resp) -> None:
        cookie = resp.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]

    def get(self, path, headers=None):
        resp, data = self.server.request("GET", path, headers={"Cookie": self.cookie, **(headers or {})},
                                         source=self.source)
        self._keep(resp)
        return resp, data

    def post(self, path, body):
        self.n += 1
        resp, data = self.server.request("POST", path, json.dumps(body), source=self.source, headers={
            "Cookie": self.cookie, "Content-Type": "application/json", "X-CSRF-Token": self.csrf,
            "Idempotency-Key": f"{self.source}-{self.n}"})
        self._keep(resp)
        return resp, data
