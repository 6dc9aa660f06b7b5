"""The phone dashboard: `create_app(config)` builds the Flask app around one `Night`.

Config keys (all optional but DB):
    DB            path of the SQLite store (required)
    PIN           the host PIN, kept in the store (default: the one kept there, else 6 random
                  digits made once and kept; see app.config["PIN"]): a restart keeps the host logged in
    SECRET_KEY    signs the session cookies (default: a random key made once and kept in the store,
                  so phones stay joined when the server restarts)
    PUBLIC_URL    base URL put in QR codes and join links (default: the URL the request came in on)
    KEEPALIVE     seconds between SSE keepalive comments (default 15)
    MAX_STREAMS   open SSE streams allowed at once (default 100; see webui/cli_web.py for sizing)
    ALLOWED_HOSTS names a request's Host header may carry (default: localhost, 127.0.0.1, ::1 and
                  the PUBLIC_URL's host; `croupier serve` adds the laptop's addresses and names);
                  "*" turns the check off. Any other name is a 400 (DNS rebinding)
    ALLOW_HOSTS   more names, added to the default (`--allow-host`)
    TLS_FINGERPRINT  the SHA-256 of the certificate `serve --tls` serves with: shown on the host
                  page, and it makes the cookies Secure

`camera` (optional): a `webui.camera.CameraService`; it is attached to the night here (its events
go through the night like the host's) and the host console shows its status, snapshot and the
readings to confirm. Without one the console says so and cards are entered by hand.

`enrol` (optional): the console's "Teach it your deck" (`webui.enrol_desk.EnrolDesk`); default:
the camera's own (its frames and model files), none without a camera.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, g, request
from werkzeug.exceptions import HTTPException

from referee.engine import Refusal
from referee.events import EventError

from . import security
from .bonnu_shout_timer import ShoutTimer
from .host_sessions import HostSessions
from .night import Conflict, Night, Unapplicable
from .settle import PaidBook
from .security import ApiError, error_response
from .sse import Broadcaster
from .store import StoreError

log = logging.getLogger("croupier.web")


def create_app(config: dict[str, Any] | None = None, camera=None, enrol=None) -> Flask:
    config = dict(config or {})
    if "DB" not in config:
        raise ValueError("create_app needs config['DB'], the path of the SQLite store")
    app = Flask(__name__)
    app.config.update(
        PUBLIC_URL=None,
        KEEPALIVE=15.0, MAX_STREAMS=100, BACKLOG=500,
        SESSION_COOKIE_SAMESITE="Lax", SESSION_COOKIE_HTTPONLY=True, SESSION_COOKIE_NAME="croupier",
        MAX_CONTENT_LENGTH=64 * 1024, JSON_SORT_KEYS=False,
    )
    app.config.update(config)
    night = Night(app.config["DB"], Broadcaster(backlog=int(app.config["BACKLOG"]),
                                                max_streams=int(app.config["MAX_STREAMS"])))
    # the paid ticks' table, made now: made inside a request's transaction, a rollback of that
    # request would take it away again while the book went on using it
    app.extensions["croupier_paid"] = PaidBook(night.store)
    given = app.config.get("PIN")
    app.config["PIN"] = night.host_pin(None if given in (None, "") else str(given))
    app.extensions["croupier"] = night
    # host logins live server-side (logout revokes them); a restart keeps them while the PIN stands
    app.extensions["croupier_hosts"] = HostSessions(app.config["DB"])
    if not app.config.get("ALLOWED_HOSTS"):
        app.config["ALLOWED_HOSTS"] = default_allowed_hosts(app.config)
    if app.config.get("TLS_FINGERPRINT"):
        app.config["SESSION_COOKIE_SECURE"] = True
    app.extensions["croupier_camera"] = camera
    if enrol is None and camera is not None:
        from .enrol_desk import EnrolDesk

        enrol = EnrolDesk.for_camera(camera)
    app.extensions["croupier_enrol"] = enrol
    # Bonnu's automatic "time passed" for a missed shout: a real timer, so off under TESTING unless asked
    if app.config.get("SHOUT_TIMER", not app.config.get("TESTING")):
        timer = ShoutTimer(night)
        night.on_commit.append(timer.reschedule)
        app.extensions["croupier_shout_timer"] = timer
        with night.lock:
            timer.reschedule()                  # a night restarted with a shout owed
    if camera is not None:
        camera.attach(night)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = night.cookie_secret()
    app.extensions["croupier_replay"] = security.ReplayCache()

    from .blueprints.api import bp as api_bp
    from .blueprints.camera import bp as camera_bp
    from .blueprints.enrol import bp as enrol_bp
    from .blueprints.money import bp as money_bp
    from .blueprints.host import bp as host_bp
    from .blueprints.pages import bp as pages_bp
    from .blueprints.seats import bp as seats_bp
    from .blueprints.timing import bp as timing_bp
    app.register_blueprint(pages_bp)
    app.register_blueprint(api_bp)
    app.register_blueprint(host_bp)
    app.register_blueprint(camera_bp)
    app.register_blueprint(enrol_bp)
    app.register_blueprint(money_bp)
    app.register_blueprint(seats_bp)
    app.register_blueprint(timing_bp)

    @app.before_request
    def check_host():             # first, on every request: a name this server goes by (DNS rebinding)
        security.check_host_header()

    @app.before_request
    def guard_posts():
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            security.check_csrf()
            g.idempotency_key = security.idempotency_key()
            if request.is_json and request.content_length:
                security.json_body()    # every JSON body is bounded, even where the endpoint ignores it

    @app.after_request
    def headers(resp):
        resp.headers.setdefault("X-Content-Type-Options", "nosniff")
        resp.headers.setdefault("Referrer-Policy", "no-referrer")   # join tokens live in URLs
        resp.headers.setdefault("X-Frame-Options", "DENY")
        resp.headers.setdefault("Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'")
        return resp

    @app.errorhandler(ApiError)
    def api_error(exc: ApiError):
        return error_response(exc.status, exc.message)

    @app.errorhandler(Refusal)
    def refused(exc: Refusal):
        return error_response(409, f"refused: {exc}")

    @app.errorhandler(Conflict)
    def conflict(exc: Conflict):
        return error_response(409, str(exc))

    @app.errorhandler(Unapplicable)
    def unapplicable(exc: Unapplicable):
        return error_response(400, str(exc))

    @app.errorhandler(EventError)
    def bad_event(exc: EventError):
        return error_response(400, str(exc))

    @app.errorhandler(StoreError)
    def store_error(exc: StoreError):
        return error_response(409, str(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        if request.path.startswith("/api/") or request.method != "GET" or request.path in ("/state", "/events"):
            return error_response(exc.code or 500, exc.description or exc.name)
        return exc

    return app


def default_allowed_hosts(config: dict) -> set[str]:
    names = set(security.LOOPBACK_NAMES) | {str(n).lower() for n in config.get("ALLOW_HOSTS") or ()}
    if config.get("PUBLIC_URL"):
        names.add((urlsplit(config["PUBLIC_URL"]).hostname or "").lower())
    return names - {""}


def night_of(app: Flask) -> Night:
    return app.extensions["croupier"]
