"""`croupier serve --tls`: HTTPS with a self-signed certificate made at first start.

The certificate. Made once with the `cryptography` package (an EC P-256 key, valid 825 days, the
longest phones accept, naming every address the server prints) and kept next to the store as
`<db>-tls-cert.pem` and `<db>-tls-key.pem` (the key readable by its owner only), so later starts
serve the same one and the fingerprint the host checked once stays true. A key and certificate of
your own put at those two paths are used as they are (then `cryptography` is not needed).
No authority signed it, so every phone warns the first time; the host page shows its SHA-256
fingerprint next to the QR code, and the phone's "view certificate" shows the same digits.

The server. Waitress speaks no TLS (its docs send TLS to a proxy in front), so `TlsFront` is that
proxy, in the same process: it listens on the public port, does the TLS handshake on a thread per
connection and passes the plain bytes to waitress on a loopback port of its own. Waitress then sees
every request as coming from 127.0.0.1, so the front remembers which real address each loopback
connection stands for and `real_clients` puts it back in REMOTE_ADDR (the wrong-PIN lockout counts
per address).
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
import select
import socket
import ssl
import threading
from collections.abc import Iterable
from datetime import datetime, timedelta, timezone
from pathlib import Path

HANDSHAKE_S = 10.0      # a client that starts no TLS within this is dropped (it holds a thread)
STALL_S = 180.0         # a half-sent TLS record or a send nobody reads, longer than waitress's own timeout
_SPEAKS_HTTPS = "This croupier speaks HTTPS: open the same address with https:// in front.\n".encode()
PLAIN_HTTP_ANSWER = (b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n"
                     b"Content-Length: %d\r\n\r\n%s" % (len(_SPEAKS_HTTPS), _SPEAKS_HTTPS))


def certificate_paths(db: Path) -> tuple[Path, Path]:
    return db.with_name(db.name + "-tls-cert.pem"), db.with_name(db.name + "-tls-key.pem")


def ensure_certificate(db: Path, names: Iterable[str]) -> tuple[Path, Path]:
    """The certificate and key kept next to the store, made the first time (for `names`)."""
    cert_path, key_path = certificate_paths(db)
    if cert_path.exists() and key_path.exists():
        return cert_path, key_path
    cert_pem, key_pem = make_certificate(names)
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key_pem)
    cert_path.write_bytes(cert_pem)
    return cert_path, key_path


def make_certificate(names: Iterable[str]) -> tuple[bytes, bytes]:
    """A self-signed certificate (PEM) for these host names and addresses, and its key (PEM)."""
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
    except ImportError:
        raise ValueError("--tls makes its certificate with the cryptography package, which is not installed: "
                         "pip install cryptography") from None
    alt_names, seen = [], set()
    for name in names:
        if not name or name == "*" or name in seen:
            continue
        seen.add(name)
        try:
            alt_names.append(x509.IPAddress(ipaddress.ip_address(name)))
        except ValueError:
            alt_names.append(x509.DNSName(name))
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "croupier (self-signed)")])
    now = datetime.now(timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - timedelta(days=1)).not_valid_after(now + timedelta(days=825))
            .add_extension(x509.SubjectAlternativeName(alt_names), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    return cert.public_bytes(serialization.Encoding.PEM), key_pem


def fingerprint(cert_path: Path) -> str:
    """SHA-256 of the certificate (DER), as phones and browsers show it: 'AB:12:…' (32 pairs)."""
    der = ssl.PEM_cert_to_DER_cert(cert_path.read_text())
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


def server_context(cert_path: Path, key_path: Path) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_path, key_path)
    return context


class TlsFront:
    """Accepts TLS on `listener` and pipes each connection to the plain server at `backend`."""

    def __init__(self, context: ssl.SSLContext, listener: socket.socket, backend: tuple[str, int],
                 max_connections: int) -> None:
        self.context, self.listener, self.backend = context, listener, backend
        self.peers: dict[int, str] = {}     # the loopback port of each piped connection -> the client's address
        self._slots = threading.BoundedSemaphore(max_connections)
        self._thread = threading.Thread(target=self._accept_loop, name="tls-front", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self.listener.close()

    def _accept_loop(self) -> None:
        while True:
            try:
                raw, addr = self.listener.accept()
            except OSError:          # closed: the server is stopping
                return
            if not self._slots.acquire(blocking=False):
                raw.close()          # over the connection limit, as waitress itself would refuse
                continue
            threading.Thread(target=self._serve, args=(raw, addr[0]), daemon=True).start()

    def _serve(self, raw: socket.socket, address: str) -> None:
        conn, back = raw, None
        try:
            raw.settimeout(HANDSHAKE_S)
            raw.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)   # relayed small writes: no Nagle wait
            first = raw.recv(1, socket.MSG_PEEK)
            if first and first != b"\x16":            # not a TLS handshake: someone typed http://
                raw.recv(65536)                        # read the request: closing on unread bytes resets
                raw.sendall(PLAIN_HTTP_ANSWER)
                raw.shutdown(socket.SHUT_WR)
                return
            conn = self.context.wrap_socket(raw, server_side=True)     # takes over raw's socket
            conn.settimeout(STALL_S)
            back = socket.create_connection(self.backend)
            back.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            port = back.getsockname()[1]
            self.peers[port] = address
            try:
                self._pipe(conn, back)
            finally:
                self.peers.pop(port, None)
        except OSError:              # a failed handshake (plain HTTP, a refused certificate), a reset
            pass
        finally:
            for s in (back, conn):
                if s is not None:
                    s.close()
            self._slots.release()

    @staticmethod
    def _pipe(client: ssl.SSLSocket, back: socket.socket) -> None:
        poller = select.poll()
        for s in (client, back):
            poller.register(s, select.POLLIN)
        while True:
            # bytes already decrypted inside the TLS object do not make its socket readable
            ready = {client.fileno()} if client.pending() else {fd for fd, _ in poller.poll()}
            if client.fileno() in ready:
                data = client.recv(65536)
                if not data:
                    return
                back.sendall(data)
            if back.fileno() in ready:
                data = back.recv(65536)
                if not data:
                    return
                client.sendall(data)


def real_clients(wsgi_app, front: TlsFront):
    """WSGI middleware: the real client's address in REMOTE_ADDR (waitress saw the front's)."""
    def app(environ, start_response):
        address = front.peers.get(int(environ.get("REMOTE_PORT") or 0))
        if address is not None:
            environ["REMOTE_ADDR"] = address
        return wsgi_app(environ, start_response)
    return app
