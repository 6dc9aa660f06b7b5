"""Issue 19, defects 8 and 9: a host session revoked at logout (a copied cookie is refused), the
wrong-PIN lockout per client, the recovery command on the laptop, and the Host header check."""

from __future__ import annotations

from dashboard_kit import PIN, Phone

from webui.cli import main

LAPTOP, PHONE = {"REMOTE_ADDR": "127.0.0.1"}, {"REMOTE_ADDR": "192.168.1.50"}


def on(app, environ) -> Phone:
    """A browser at the given address (the Flask test client's remote address)."""
    phone = Phone(app)
    phone.c.environ_base.update(environ)
    return phone


def copy_cookie(src: Phone, app) -> Phone:
    thief = Phone(app)
    thief.c.set_cookie("croupier", src.c.get_cookie("croupier").value)
    thief.csrf = src.csrf
    return thief


def test_a_cookie_copied_before_logout_is_refused_after_it(dash, dash_host):
    thief = copy_cookie(dash_host, dash)
    assert thief.get("/api/host/state").status_code == 200      # the copy works while the host is in
    assert dash_host.post("/api/host/logout").status_code == 200
    assert dash_host.get("/api/host/state").status_code == 401
    r = thief.get("/api/host/state")
    assert r.status_code == 401 and "host only" in r.get_json()["error"]
    assert thief.post("/api/host/night", {"game": "bonedoneskis", "seats": [1, 2]}).status_code == 401
    assert "Host PIN" in thief.get("/host").get_data(as_text=True)     # the login form, not the console


def test_logging_in_again_does_not_revive_an_old_copy(dash, dash_host):
    thief = copy_cookie(dash_host, dash)
    assert dash_host.post("/api/host/logout").status_code == 200
    assert dash_host.login().status_code == 200                    # a new session id, not the old one
    assert dash_host.get("/api/host/state").status_code == 200
    assert thief.get("/api/host/state").status_code == 401


def test_a_host_session_survives_a_restart(tmp_path):
    from webui.app import create_app
    db = str(tmp_path / "night.db")
    first = create_app({"DB": db, "PIN": PIN, "TESTING": True})
    host = Phone(first)
    assert host.login().status_code == 200
    cookie = host.c.get_cookie("croupier").value
    first.extensions["croupier"].close()
    again = create_app({"DB": db, "TESTING": True})
    back = Phone(again)
    back.c.set_cookie("croupier", cookie)
    assert back.get("/api/host/state").status_code == 200
    again.extensions["croupier"].close()


def test_five_wrong_pins_from_one_phone_do_not_lock_out_the_laptop(dash):
    phone = on(dash, PHONE)
    for _ in range(5):
        assert phone.login("0000").status_code == 401
    r = phone.login(PIN)
    assert r.status_code == 429 and "from this device" in r.get_json()["error"]
    fresh_cookie = on(dash, PHONE)                 # the same phone without its cookie: the same address
    assert fresh_cookie.login(PIN).status_code == 429
    laptop = on(dash, LAPTOP)
    assert laptop.login(PIN).status_code == 200
    assert laptop.get("/api/host/state").status_code == 200


def test_a_right_pin_clears_the_clients_own_count(dash):
    laptop = on(dash, LAPTOP)
    for _ in range(4):
        assert laptop.login("0000").status_code == 401
    assert laptop.login(PIN).status_code == 200
    for _ in range(4):                              # four more: still not locked
        assert laptop.login("0000").status_code == 401
    assert laptop.login(PIN).status_code == 200


def test_host_reset_prints_a_new_pin_revokes_every_host_and_clears_lockouts(dash, dash_host, capsys):
    phone = on(dash, PHONE)
    for _ in range(5):
        phone.login("0000")
    assert phone.login(PIN).status_code == 429
    assert main(["host-reset", "--db", dash.config["DB"]]) == 0
    out = capsys.readouterr().out
    new_pin = next(w for w in out.split() if w.isdigit() and len(w) == 6)
    assert "1 host session" in out and "new host PIN" in out
    assert dash_host.get("/api/host/state").status_code == 401     # the running server sees it at once
    assert phone.login(PIN).status_code == 401                      # the lockout cleared, the old PIN gone
    assert phone.login(new_pin).status_code == 200
    assert phone.get("/api/host/state").status_code == 200


def test_host_reset_with_a_chosen_pin_and_on_a_file_that_is_not_a_store(dash, tmp_path, capsys):
    assert main(["host-reset", "--db", dash.config["DB"], "--pin", "97531"]) == 0
    assert "97531" in capsys.readouterr().out
    assert on(dash, LAPTOP).login("97531").status_code == 200
    missing = tmp_path / "nothing-here.db"
    assert main(["host-reset", "--db", str(missing)]) == 2
    assert "no croupier store" in capsys.readouterr().err and not missing.exists()
    noise = tmp_path / "r.db"
    noise.write_bytes(bytes(range(256)) * 400)
    assert main(["host-reset", "--db", str(noise)]) == 2
    assert "no croupier store" in capsys.readouterr().err
    assert noise.read_bytes() == bytes(range(256)) * 400 and not noise.with_name("r.db-wal").exists()


# ----------------------------------------------------------------------------- Host header
def test_a_forged_host_header_is_refused(dash):
    c = dash.test_client()
    for forged in ("evil.example", "evil.example:8000", "192.168.1.50.evil.example"):
        r = c.get("/state", headers={"Host": forged})
        assert r.status_code == 400, forged
        assert "does not answer to the name" in r.get_json()["error"]
    r = c.post("/api/host/login", json={"pin": PIN}, headers={"Host": "rebound.example"})
    assert r.status_code == 400 and "rebound.example" in r.get_json()["error"]
    for fine in ("localhost", "localhost:8000", "127.0.0.1:8000", "[::1]:8000"):
        assert c.get("/state", headers={"Host": fine}).status_code == 200, fine


def test_the_public_url_and_allow_host_names_are_served(tmp_path):
    from webui.app import create_app
    app = create_app({"DB": str(tmp_path / "n.db"), "TESTING": True, "PUBLIC_URL": "http://192.168.1.20:8000",
                      "ALLOW_HOSTS": ["Croupier.Lan"]})
    c = app.test_client()
    assert c.get("/state", headers={"Host": "192.168.1.20:8000"}).status_code == 200
    assert c.get("/state", headers={"Host": "croupier.lan"}).status_code == 200
    assert c.get("/state", headers={"Host": "192.168.1.21:8000"}).status_code == 400
    app.extensions["croupier"].close()


def test_serve_allows_the_laptops_own_names(tmp_path):
    from argparse import Namespace

    from webui.cli_web import lan_address, make_app, served_names
    args = Namespace(host="0.0.0.0", port=8000, pin=None, public_url=None, streams=4, allow_host=["table.lan"],
                     tls=False)
    names = served_names(args)
    assert {"localhost", "127.0.0.1", "table.lan", lan_address()} <= names
    app = make_app(args, tmp_path / "n.db")
    assert app.config["ALLOWED_HOSTS"] >= names
    assert app.test_client().get("/state", headers={"Host": f"{lan_address()}:8000"}).status_code == 200
    app.extensions["croupier"].close()
