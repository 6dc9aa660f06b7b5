"""The pictures of docs/dashboard.md's "Running a night (for hosts)": a real night of Bonedoneskis
played in Debian's Chromium (the host on a 1280x800 laptop, the players on 390x844 phones) against
the real app, saved as small JPEGs in docs/img/.

    .venv/bin/python docs/screenshots.py

A dev tool, not a test (the browser tests keep their own screenshots under artefacts/browser/).
The app is served by waitress on a free port over a fresh store in a temporary folder; Chromium is
Debian's (`apt-get install chromium`), driven by Playwright exactly as tests/webui/browser_kit.py
does (never `playwright install`). The steps a picture shows are taken in the browser, as a person
would; the steps in between go through the same HTTP API in-process (the tests' Phone and Console
clients), which keeps the script short and the night the same every run: hand 1 of
tests/webui/test_full_night_http.py, with buy-ins, a mistake undone, cash-outs and a paid tick.
Then, when models/ holds the recogniser, the bundled table video plays in real time through the
real camera pipeline for the camera's two pictures. About a minute in all on 2 cores."""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "webui")]

import cv2  # noqa: E402
import numpy as np  # noqa: E402
from browser_kit import CHROMIUM, FLAGS, PHONE, server_threads  # noqa: E402
from console_kit import Console  # noqa: E402
from dashboard_kit import PIN, Phone  # noqa: E402
from playwright.sync_api import expect, sync_playwright  # noqa: E402

IMG = ROOT / "docs" / "img"
LAPTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}
NAMES = {1: "Ann", 2: "Ben", 3: "Cleo", 4: "Dev"}
MAX_BYTES = 80_000


def save(shots: bytes | list[bytes], name: str) -> None:
    """A screenshot (or several, one above the other) as docs/img/<name>.jpg: quality 70, lowered
    (then the picture scaled down) until it is under MAX_BYTES, so the docs stay light."""
    images = [cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
              for png in (shots if isinstance(shots, list) else [shots])]
    width = max(i.shape[1] for i in images)
    image = np.vstack([cv2.copyMakeBorder(i, 0, 8, 0, width - i.shape[1], cv2.BORDER_CONSTANT, value=(236, 242, 244))
                       for i in images])[:-8]
    quality = 70
    while True:
        ok, jpg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if len(jpg) < MAX_BYTES:
            break
        if quality > 50:
            quality -= 5
        else:
            image = cv2.resize(image, None, fx=0.85, fy=0.85, interpolation=cv2.INTER_AREA)
    (IMG / f"{name}.jpg").write_bytes(jpg.tobytes())
    print(f"docs/img/{name}.jpg  {image.shape[1]}x{image.shape[0]}  {len(jpg) // 1000} KB  q{quality}")


def still(page) -> None:
    """The last toast put away and the tab bar left at the top (on a picture of a part further
    down, both would be drawn over it)."""
    page.evaluate("""() => { const t = document.getElementById('toast'); if (t) t.className = 'toast';
                             document.querySelector('.tabs').style.position = 'static'; }""")
    page.wait_for_timeout(300)                   # its fade-out


def top_of(page, height: int) -> bytes:
    """The top `height` CSS pixels of a phone's screen (not a giant full page)."""
    return page.screenshot(clip={"x": 0, "y": 0, "width": PHONE["viewport"]["width"], "height": height})


def serve(app):
    from waitress import create_server
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        srv = create_server(app, host="127.0.0.1", port=0, threads=server_threads(app), send_bytes=1)
    threading.Thread(target=srv.run, daemon=True).start()
    return srv


class Table:
    """The in-process side of the night: the host's console and each seat's phone over the API."""

    def __init__(self, app) -> None:
        self.app = app
        self.host = Phone(app)
        assert self.host.login().status_code == 200
        self.console = Console(self.host)
        self.phones: dict[int, Phone] = {}

    def join(self, seat: int, token: str) -> str:
        """Seat `seat` joins on its own phone; returns that phone's session cookie (a browser page
        given it is that very phone)."""
        self.phones[seat] = Phone(self.app)
        self.phones[seat].join(token)
        return self.phones[seat].c.get_cookie("croupier").value

    def press(self, seat: int, name: str) -> None:
        """Seat `seat` presses its button `name` ("call", "pass"...) on its phone."""
        me = self.phones[seat].get("/api/me").get_json()
        found = [o for o in me["options"] if o["name"] == name]
        assert found, (seat, name, [o["label"] for o in me["options"]])
        r = self.phones[seat].post(found[0]["post"]["url"], found[0]["post"]["body"])
        assert r.status_code == 200, (seat, name, r.get_json())

    def bets(self, *moves: str) -> None:
        """"4 bring_in", "1 call", ...: each from its seat's phone, in the referee's order."""
        for move in moves:
            seat, name = move.split()
            assert self.console.state()["hand"]["to_act"] == int(seat), (move, self.console.state()["hand"])
            self.press(int(seat), name)

    def money(self, what: str, seat: int, amount: str) -> None:
        r = self.host.post(f"/api/host/{what}", {"seat": seat, "amount": amount})
        assert r.status_code == 200, r.get_json()


def night(browser, base: str, table: Table) -> None:
    errors: list[str] = []

    def page_of(context_args: dict, cookie: str | None = None):
        ctx = browser.new_context(**context_args)
        if cookie:
            ctx.add_cookies([{"name": "croupier", "value": cookie, "url": base}])
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}\n{e.stack}"))
        page.set_default_timeout(15_000)
        return page

    # -------------------------------------------------------------- the host logs in, starts the night
    host = page_of(LAPTOP)
    host.on("dialog", lambda d: d.accept())
    host.goto(f"{base}/host")
    host.fill("#pin", PIN)
    host.click("#login button")
    night_form = host.locator("section.card", has=host.locator("#night-form"))
    expect(host.locator("#night-seats input")).to_have_count(8)
    host.fill("#night-name", "Friday")
    for seat, name in NAMES.items():
        host.fill(f"#night-seats input[data-seat='{seat}']", name)
    save(night_form.screenshot(), "01-host-start-night")
    host.click("#night-form button[type=submit]")
    expect(host.locator("#players .player-row")).to_have_count(4)

    # -------------------------------------------------------------- seats: one QR at a time
    tokens = {p["seat"]: p["token"] for p in table.console.state()["players"]}
    host.click("#players button[data-action=show-qr-1]")
    expect(host.locator("#players img.qr")).to_have_count(1)
    cookies = {seat: table.join(seat, token) for seat, token in tokens.items()}   # each scans its code
    other = page_of(PHONE)                                 # a second phone opens Ann's link too
    other.goto(f"{base}/join/{tokens[1]}")
    expect(other.locator("main")).to_contain_text("in use on another phone")
    save(top_of(other, 330), "03-phone-seat-in-use")
    other.context.close()
    seats = host.locator("section.card", has=host.locator("#players"))
    expect(host.locator("#players .player-row[data-seat='1']")).to_contain_text("another phone was turned away")
    host.click("#players button[data-action=show-qr-4]")
    expect(host.locator("#players .player-row[data-seat='4']")).to_contain_text("on a phone since")
    still(host)
    save(seats.screenshot(), "02-host-seats-one-qr")

    # -------------------------------------------------------------- buy-ins at the money desk
    host.goto(f"{base}/summary")
    host.wait_for_selector("#money-seat option", state="attached")
    for seat in (2, 3, 4):
        table.money("buy-in", seat, "20")
    host.select_option("#money-seat", "1")
    host.fill("#money-amount", "20")
    host.click("button[data-do=buy-in]")
    expect(host.locator("#players tr")).to_have_count(5)
    expect(host.locator("#players tr", has_text="Ann")).to_contain_text("$20.00")
    still(host)
    save(host.locator("main").screenshot(), "04-host-money-desk")

    # -------------------------------------------------------------- hand 1: two rounds down, one up in one form
    host.goto(f"{base}/host")
    host.select_option("#hand-dealer", "4")
    host.click("#hand-form button")
    expect(host.locator("#host-night")).to_contain_text("hand 1")
    table.console.street((1, "AH"), (2, "9C"), (3, "QD"), (4, "TD"))
    table.console.street((1, "AD"), (2, "9H"), (3, "QC"), (4, "TH"))
    expect(host.locator("#host-night")).to_contain_text("10♥")
    for seat, card in ((1, "TC"), (2, "JS"), (3, "8S"), (4, "5C")):
        host.fill(f"#street-cards input[data-seat='{seat}']", card)
    entry = host.locator("section.card", has=host.locator("#street-form"))
    save(entry.screenshot(), "05-host-a-round-in-one-form")
    host.click("#street-form button[type=submit]")
    expect(host.locator("#host-night")).to_contain_text("J♠")
    expect(host.locator("#host-pending")).to_contain_text("Black Jack")
    still(host)
    card_of = lambda inner: host.locator("section.card", has=host.locator(inner)).screenshot()  # noqa: E731
    save([card_of("#host-night"), card_of("#host-pending")], "06-host-board-and-waiting")

    # -------------------------------------------------------------- Ben's Black Jack, on Ben's phone
    ben = page_of(PHONE, cookies[2])
    ben.goto(f"{base}/me")
    pay = ben.locator("#decisions button[data-action=pay]")
    expect(pay).to_be_visible()
    save(top_of(ben, 560), "07-phone-black-jack")
    pay.tap()
    expect(ben.locator("#decisions")).to_contain_text("Nothing asked of you")
    table.press(3, "pass")                                   # Cleo passes on her 8 Ball
    table.bets("4 bring_in", "1 call", "2 call", "3 call")

    # -------------------------------------------------------------- a wrong card, undone from the list
    table.console.street((1, "5D"), (2, "KH"), (3, "AC"), (4, "6H"))    # Dev's is the 5♥, not the 6♥
    host.goto(f"{base}/host")
    undo = host.locator("section.card", has=host.locator("#undo-list"))
    newest = host.locator("#undo-list li").first
    expect(newest).to_contain_text("6♥")
    host.fill("#undo-reason", "Dev's card is the 5♥")
    still(host)
    save(undo.screenshot(), "08-host-undo")
    newest.locator("button").click()
    expect(host.locator("#undo-list li").first).not_to_contain_text("6♥")
    table.console.deal(4, "5H")

    # -------------------------------------------------------------- the feed and a "why?"
    ben.goto(f"{base}/feed")
    black_jack = ben.locator("#feed li", has_text="Black Jack").last
    black_jack.locator("a.why-link").click()
    expect(ben.locator("#why")).to_contain_text("Because of")
    save(ben.locator("#why").screenshot(), "09-phone-why")
    ben.goto(f"{base}/feed")
    expect(ben.locator("#feed")).to_contain_text("Undone")
    save(top_of(ben, 540), "10-phone-feed")

    # -------------------------------------------------------------- the hand to its end, cash-outs, settle-up
    table.bets("2 check", "3 check", "4 check", "1 check")
    table.console.street((1, "AS"), (2, "7C"), (3, "6S"), (4, "5S"))
    table.bets("2 bet", "3 call", "4 call", "1 call")
    table.console.street((1, "9D"), (2, "2H"), (3, "3C"), (4, "6C"))
    table.bets("2 check", "3 check", "4 check", "1 check")
    said = [a["text"] for a in table.host.get("/api/feed").get_json()]
    assert "Hand 1 over: Ben wins $14.50 (best hand: Four of a kind, 9s)." in said, said[-5:]
    for seat, counted in ((1, "17"), (2, "29"), (3, "17"), (4, "15")):   # a $2 chip of Dev's rolled away
        table.money("cash-out", seat, counted)
    host.goto(f"{base}/summary")
    # End the night through the API, from another page: the console page throws once the night is
    # over (host.js reads seat_options[seat], which /api/host/state leaves empty then)
    assert table.host.post("/api/host/end").status_code == 200
    tick = host.locator("#settle input[type=checkbox]").first
    tick.check()
    host.wait_for_selector("#settle li.paid")
    host.locator("#money-desk").evaluate("e => e.hidden = true")     # the picture is the summary
    still(host)
    save(host.locator("main").screenshot(), "11-host-summary-settle-up")
    assert not errors, errors


def camera_night(browser, base: str, app, service, rest: list) -> None:
    """The bundled table video through the real pipeline, on a table whose bets are tracked but
    never entered: every card after third street waits, held, for the bets (as at the table that
    made `bets: untracked` a setting). The host's camera panel then, and a "why?" with the camera's
    picture."""
    host = browser.new_context(**LAPTOP).new_page()
    host.set_default_timeout(30_000)
    host.goto(f"{base}/host")
    host.fill("#pin", PIN)
    host.click("#login button")
    expect(host.locator("#camera-panel")).to_be_visible()
    service.start(rest)
    for _ in range(600):                    # the video plays in real time: a few held, then the picture
        if len(host.request.get(f"{base}/api/host/camera/refused").json()["held"]) >= 3:
            break
        host.wait_for_timeout(100)
    host.reload()
    expect(host.locator("#camera-refused li").nth(2)).to_be_visible()
    host.wait_for_function("() => document.getElementById('camera-snapshot').naturalWidth > 0")
    still(host)
    save(host.locator("#camera-panel").screenshot(), "12-host-camera-held")
    service.stop()

    phone = browser.new_context(**PHONE).new_page()
    phone.set_default_timeout(15_000)
    pictured = next(a.id for a in app.extensions["croupier"].table.announcements
                    if phone.request.get(f"{base}/api/why/{a.id}").json().get("evidence"))
    phone.goto(f"{base}/feed?why={pictured}")
    phone.wait_for_function("() => (document.querySelector('#why .evidence img') || {}).naturalWidth > 100")
    save(phone.locator("#why").screenshot(), "13-phone-why-camera-picture")


def with_app(config: dict, play, camera=None) -> None:
    """`play(browser, base url, app)` against the app served on a free port over a fresh store."""
    from webui.app import create_app
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DB": str(Path(tmp) / "night.db"), "PIN": PIN, "KEEPALIVE": 5, **config}, camera=camera)
        srv = serve(app)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
                try:
                    play(browser, f"http://127.0.0.1:{srv.effective_port}", app)
                finally:
                    browser.close()
        finally:
            if camera is not None:
                camera.stop()                 # once more, on the way out of an error
            app.extensions["croupier"].close()
            srv.close()


def camera_pictures() -> None:
    from referee.events import BetAction, Fold
    from vision.calibration import Calibration
    from vision.sources import open_source
    from webui.camera import CameraService
    from webui.cli_camera import DEMO_SCRIPT, DEMO_VIDEO, DEMO_ZONES, _host_events, _recogniser, _zones
    from webui.cli_web import DEMO_NAMES, open_night

    os.chdir(ROOT)                          # the camera's status names the video as a host would type it
    service = CameraService(open_source(DEMO_VIDEO.relative_to(ROOT), realtime=True), _recogniser(ROOT / "models"),
                            Calibration(_zones(DEMO_ZONES)))
    unbet = [(t, e) for t, e in _host_events(DEMO_SCRIPT, "bonedoneskis", 4, 4)
             if not isinstance(e, BetAction) or isinstance(e, Fold)]          # nobody enters a bet

    def play(browser, base, app):
        rest = open_night(app.extensions["croupier"], unbet, DEMO_NAMES, "camera night")
        camera_night(browser, base, app, service, rest)
    with_app({}, play, camera=service)


def main() -> None:
    IMG.mkdir(parents=True, exist_ok=True)
    # the QR codes and links show a home Wi-Fi address, as `croupier serve --public-url` gives
    with_app({"PUBLIC_URL": "http://192.168.1.20:8000"}, lambda browser, base, app: night(browser, base, Table(app)))
    if (ROOT / "models" / "detector.onnx").exists() and (ROOT / "models" / "classifier.onnx").exists():
        camera_pictures()
    else:
        print("models/ not trained: no camera pictures (12, 13)")


if __name__ == "__main__":
    if CHROMIUM is None:
        sys.exit("Debian's chromium is needed: apt-get install chromium")
    main()
