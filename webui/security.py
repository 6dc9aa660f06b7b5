"""Who may do what, and the checks every POST passes before it reaches the table.

* **Host**: logs in with the host PIN (set or printed by `croupier serve`); the signed session
  cookie then holds a host session id, live server-side until logout (webui/host_sessions.py).
  Host endpoints answer 401 without a live one. Wrong PINs are counted per client.
* **Host header**: a request must name this server (`check_host_header`), else 400: DNS rebinding.
* **Seat**: a phone joins by opening `/join/<token>` (the QR code the host shows); the cookie then
  holds that seat's token, checked against the current night on every request, and the first
  device to join claims the seat (`webui/seats.py`). Seat endpoints answer 401 without a seat,
  403 "seat 1 is in use on another phone: ask the host" on a device that does not hold it, and 403
  when the action is for another seat.
* **CSRF**: every POST must carry the session's CSRF token in the `X-CSRF-Token` header (or a
  `csrf` form field); missing or wrong: 403. Cookies are HttpOnly and SameSite=Lax, so another
  site can neither read the token nor send the cookie with a cross-site POST.
* **Idempotency-Key**: every POST must carry one (1-80 characters of letters, digits and
  `-_.:`); a missing or malformed key is a 400. The key is looked up FIRST, before any check of
  whose turn it is: the same key again from the same caller on the same path replays the first
  answer (with `Idempotent-Replayed: true`) and records nothing; the same key with a different
  body is a 409. A 2xx answer is stored in the store in the same transaction as what the request
  wrote, so it is replayed after a crash or restart too (for a day: `store.REPLY_TTL_S`); a
  refusal (4xx) changed nothing and is kept in memory only (`ReplayCache`, bounded).
* **Validation**: request bodies are checked field by field (`field`); every mistake is a 400 with
  a sentence saying what is wrong. A referee refusal is a 409 with the referee's own words.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import re
import secrets
import threading
from collections import OrderedDict
from functools import wraps
from typing import Any

from flask import current_app, g, jsonify, request, session

from referee import jsontext
from referee.cards import CardError
from referee.events import parse_any_card
from referee.money import MoneyError, money

from .seats import handed_over, in_use

KEY_RE = re.compile(r"^[A-Za-z0-9_.:\-]{1,80}$")


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def bad(message: str) -> ApiError:
    return ApiError(400, message)


# ---------------------------------------------------------------------------- CSRF
def csrf_token() -> str:
    token = session.get("csrf")
    if not isinstance(token, str) or len(token) < 20:
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def check_csrf() -> None:
    expected = session.get("csrf")
    sent = request.headers.get("X-CSRF-Token") or (request.form.get("csrf") if request.form else None)
    if not isinstance(expected, str) or not sent or not hmac.compare_digest(expected.encode(), sent.encode()):
        raise ApiError(403, "missing or wrong CSRF token: reload the page and try again")


# ---------------------------------------------------------------------------- who is asking
def host_pin() -> str:
    """The PIN as the store has it now (`croupier host-reset` may change it while we serve)."""
    if "host_pin" not in g:
        g.host_pin = current_app.extensions["croupier"].setting("host_pin") or str(current_app.config["PIN"])
    return g.host_pin


def host_epoch() -> str:
    """A host cookie is good while the PIN it was logged in with stands (a new PIN logs everyone out)."""
    return hashlib.sha256(("pin:" + host_pin()).encode()).hexdigest()[:16]


def is_host() -> bool:
    """Logged in with the PIN, in a host session that is still live server-side (webui/host_sessions.py):
    a cookie copied before logout is refused after it."""
    if "is_host" not in g:
        g.is_host = (session.get("host") is True and session.get("host_epoch") == host_epoch()
                     and current_app.extensions["croupier_hosts"].live(session.get("host_sid")))
    return g.is_host


def check_pin(pin: Any) -> bool:
    return isinstance(pin, str) and hmac.compare_digest(pin.encode(), host_pin().encode())


def login_client() -> list[str]:
    """The names a client trying PINs goes by, each with its own count of wrong PINs: its device
    (cookie) and its address (so dropping the cookie does not buy more tries)."""
    return [f"device:{device_id()}", f"address:{request.remote_addr or '?'}"]


# ---------------------------------------------------------------------------- Host header
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def host_name(header: str) -> str:
    """The name in a Host header, without its port: 'a:8000' -> 'a', '[::1]:8000' -> '::1'."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def check_host_header() -> None:
    """Answer only to the names this server goes by (app.config["ALLOWED_HOSTS"]): a page on
    another site whose name was made to point at this laptop (DNS rebinding) sends its own name."""
    allowed = current_app.config.get("ALLOWED_HOSTS")
    header = request.headers.get("Host")
    if not allowed or "*" in allowed or header is None:
        return
    if host_name(header) not in allowed:
        raise ApiError(400, f"this server does not answer to the name {host_name(header)[:80]!r}: open the "
                            "address `croupier serve` printed (or start it with --allow-host NAME)")


def device_id() -> str:
    """This browser's id, random and made once, in its signed session: the phone a seat is
    claimed by (webui/seats.py)."""
    device = session.get("device")
    if not isinstance(device, str) or len(device) < 20:
        device = secrets.token_urlsafe(18)
        session["device"] = device
    return device


def _seat_in_cookie() -> int | None:
    """The seat of the join token in this session's cookie, tonight (held by this phone or not)."""
    token = session.get("seat_token")
    if not isinstance(token, str):
        return None
    return current_app.extensions["croupier"].seat_of_token(token)


def current_seat() -> int | None:
    """The seat this phone sits at: a join token of tonight's, on the device that claimed it."""
    seat = _seat_in_cookie()
    if seat is None or not current_app.extensions["croupier"].holds_seat(seat, session.get("device")):
        return None
    return seat


def seat_turned_away() -> str | None:
    """Why this phone, which holds a seat's join link, may not act for that seat (another phone
    holds it, or the host handed it over), in words; None when that is not the case."""
    seat = _seat_in_cookie()
    if seat is None or current_seat() is not None:
        return None
    night = current_app.extensions["croupier"]
    return in_use(seat) if night.seat_claim(seat)["claimed"] else handed_over(seat)


def host_required(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        if not is_host():
            raise ApiError(401, "host only: log in with the host PIN")
        return view(*args, **kwargs)
    return wrapper


def seat_required(view):
    @wraps(view)
    def wrapper(*args, **kwargs):
        seat = current_seat()
        if seat is None:
            refused = seat_turned_away()
            if refused:
                raise ApiError(403, refused)
            raise ApiError(401, "join a seat first: scan your seat's QR code (or open its join link)")
        g.seat = seat
        return view(*args, **kwargs)
    return wrapper


# ---------------------------------------------------------------------------- idempotency
class ReplayCache:
    """The refusals (4xx) to recent POSTs by (caller and path, key), so a double tap gets the same
    answer; the oldest go first past `size` (20,000 refused posts with fresh keys hold `size`).
    Answers that changed something are kept in the store instead (durable)."""

    def __init__(self, size: int = 2000) -> None:
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple[str, str], tuple[str, int, bytes]] = OrderedDict()
        self._size = size

    def get(self, k):
        with self._lock:
            return self._items.get(k)

    def put(self, k, fingerprint: str, status: int, body: bytes) -> None:
        with self._lock:
            self._items[k] = (fingerprint, status, body)
            self._items.move_to_end(k)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


def idempotency_key() -> str:
    key = request.headers.get("Idempotency-Key")
    if key is None:
        raise bad("every POST needs an Idempotency-Key header (a fresh random string per action)")
    if not KEY_RE.match(key):
        raise bad("the Idempotency-Key must be 1 to 80 letters, digits or - _ . :")
    return key


def caller() -> str:
    """Who is asking, for scoping idempotency keys: the host, a seat, or an anonymous session."""
    if is_host():
        return "host"
    seat = current_seat()
    if seat is not None:
        return f"seat{seat}"
    return "anon:" + csrf_token()[:12]


def _replayed(fingerprint: str, hit: tuple[str, int, bytes]):
    if hit[0] != fingerprint:
        raise ApiError(409, "this Idempotency-Key was already used for a different request; "
                            "send a new key for a new action")
    resp = current_app.response_class(hit[2], status=hit[1], mimetype="application/json")
    resp.headers["Idempotent-Replayed"] = "true"
    return resp


def idempotent(view=None, *, first=None):
    """Look the (caller and path, Idempotency-Key) up first and replay its answer; refuse a changed
    body; else run the view as one transaction (`Night.transaction`) that also stores a 2xx answer.
    A failure rolls it all back (an ApiError becomes its answer, with nothing written).

    `first`: a function giving a lock that ranks above the night's (the camera's: the camera's lock
    is taken before the night's everywhere), taken before the night's transaction."""
    if view is None:
        return lambda v: idempotent(v, first=first)

    @wraps(view)
    def wrapper(*args, **kwargs):
        night = current_app.extensions["croupier"]
        scope, key = caller() + ":" + request.path, g.idempotency_key
        fingerprint = hashlib.sha256(request.get_data()).hexdigest()
        cache: ReplayCache = current_app.extensions["croupier_replay"]
        outer = (first and first()) or contextlib.nullcontext()
        with outer, night.lock:          # a double tap waits for the first tap's answer
            hit = night.store.reply(scope, key) or cache.get((scope, key))
            if hit is not None:
                return _replayed(fingerprint, hit)
            try:
                with night.transaction():
                    resp = current_app.make_response(view(*args, **kwargs))
                    if 200 <= resp.status_code < 300:
                        night.store.put_reply(scope, key, fingerprint, resp.status_code, resp.get_data())
            except ApiError as exc:
                if exc.status >= 500 or exc.status in (401, 403):
                    raise
                resp = error_response(exc.status, exc.message)
            if 400 <= resp.status_code < 500 and resp.status_code not in (401, 403):
                cache.put((scope, key), fingerprint, resp.status_code, resp.get_data())
            return resp
    return wrapper


def key_for_store() -> str:
    """The key a table event is stored under: caller and Idempotency-Key (so seats cannot collide)."""
    return f"{caller()}:{g.idempotency_key}"


# ---------------------------------------------------------------------------- validation
def json_body() -> Any:
    """The request's JSON, read once with bounds (size, UTF-8, depth: referee/jsontext.py), so a
    hostile body is a 400 that says why and never reaches the parser's recursion. `Any` JSON value:
    `body()` says whether it is the object an endpoint wants."""
    if "json_body" in g:
        return g.json_body
    if not request.is_json:
        raise bad("send a JSON object with Content-Type: application/json")
    charset = request.mimetype_params.get("charset", "utf-8").lower()
    if charset not in ("utf-8", "utf8"):
        raise bad(f"send the JSON as UTF-8 (this body says charset={charset})")
    raw = request.get_data(cache=True)          # over MAX_CONTENT_LENGTH: a 413 before reading
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise bad(f"the body is not UTF-8 text (a bad byte at position {exc.start}): send JSON as UTF-8") from None
    try:
        g.json_body = jsontext.loads(text)
    except jsontext.JsonTextError as exc:
        raise bad(f"the body is not JSON croupier reads: {exc}") from None
    return g.json_body


def body() -> dict:
    data = json_body()
    if not isinstance(data, dict):
        raise bad("the body must be a JSON object")
    return data


_MISSING = object()


def field(data: dict, name: str, kind: str, *, required: bool = True, default: Any = None,
          choices: tuple | list | None = None, lo: int | None = None, hi: int | None = None,
          max_len: int = 200) -> Any:
    """One field of a JSON body, checked; raises a 400 that names the field and says what is wrong."""
    value = data.get(name, _MISSING)
    if value is _MISSING or value is None:
        if required:
            raise bad(f"missing field {name!r}")
        return default
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad(f"field {name!r} must be a whole number")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise bad(f"field {name!r} must be between {lo} and {hi}")
    elif kind == "str":
        if not isinstance(value, str):
            raise bad(f"field {name!r} must be text")
        value = value.strip()
        if len(value) > max_len:
            raise bad(f"field {name!r} is too long (at most {max_len} characters)")
        if any(ord(ch) < 32 for ch in value):
            raise bad(f"field {name!r} contains control characters")
        if any("\ud800" <= ch <= "\udfff" for ch in value):   # half a UTF-16 pair: not text SQLite can keep
            raise bad(f"field {name!r} contains a lone surrogate (\\ud800-\\udfff), which is not a character")
    elif kind == "bool":
        if not isinstance(value, bool):
            raise bad(f"field {name!r} must be true or false")
    elif kind == "dict":
        if not isinstance(value, dict):
            raise bad(f"field {name!r} must be an object")
    elif kind == "list":
        if not isinstance(value, list):
            raise bad(f"field {name!r} must be a list")
    if choices is not None and value not in choices:
        shown = ", ".join(map(str, choices)) or "(none now)"
        raise bad(f"field {name!r} must be one of: {shown}")
    return value


def card_field(data: dict, name: str, required: bool = True):
    """A card named in a JSON body ("9D", "9♦", "10h"), or None when optional and absent; a 400
    naming the field otherwise."""
    text = field(data, name, "str", required=required, max_len=12)
    if text is None:
        return None
    try:
        return parse_any_card(text)
    except (CardError, ValueError) as exc:
        raise bad(f"field {name!r}: {exc}") from None


def stake_field(data: dict):
    """The field 'amount' of a bet or raise: money, more than zero; a 400 in words otherwise."""
    try:
        amount = money(field(data, "amount", "str", max_len=12))
    except MoneyError as exc:
        raise bad(f"field 'amount': {exc}") from None
    if amount <= 0:
        raise bad("field 'amount' must be more than zero")
    return amount


def error_response(status: int, message: str):
    resp = jsonify({"error": message, "status": status})
    resp.status_code = status
    return resp
