"""The host console's "Teach it your deck" in Chromium: open before the first deal, two frames of the
laid-out deck taken, each card's picture with the camera's read, the host types the right card
over a wrong read, confirms, and reads the before/after. With CROUPIER_DOCS_IMG=1 the pictures go
to docs/img/enrol-*.jpg (docs/dashboard.md)."""

from __future__ import annotations

import pytest
from browser_kit import docs_picture, host_console, playwright_api, pytestmark  # noqa: F401
from dashboard_kit import PIN

from tests.vision.laid_out_kit import laid_out_shots
from vision.synth.laid_out import truth_answers
from webui.enrol_desk import EnrolDesk


@pytest.fixture
def taught(tmp_path):
    from vision.recogniser import Recogniser
    from webui.app import create_app

    _, shots = laid_out_shots(tmp_path / "shots")
    frames = iter([f for f, _ in shots])
    rec = Recogniser.from_models(threads=2, templates=False)
    desk = EnrolDesk(lambda: next(frames, None), lambda: rec, rec.model_files["classifier"].parent,
                     out=tmp_path / "deck.npz", per_index=8, per_none=2, steps=120)
    app = create_app({"DB": str(tmp_path / "night.db"), "PIN": PIN, "KEEPALIVE": 5}, enrol=desk)
    return app, desk, shots


def test_the_host_teaches_the_deck_from_the_console(taught):
    expect = playwright_api.expect
    app, desk, shots = taught
    with host_console(app) as (browser, host, base, errors):
        expect(host.locator("#enrol-details")).to_have_attribute("open", "")  # no deal yet: offered first
        for n in (6, 12):
            host.click("#enrol-take")
            expect(host.locator("#enrol-cards li")).to_have_count(n, timeout=30_000)
        host.wait_for_function("() => [...document.querySelectorAll('#enrol-cards img')].every((i) => i.complete "
                               "&& i.naturalWidth > 0)")
        truth = truth_answers(desk.found, shots)
        wrong = [(c.number, t) for c, t in zip(desk.found, truth) if c.prefill != t]
        assert wrong
        for n, code in wrong:
            host.fill(f"#enrol-cards input[data-number='{n}']", code.lower())
        docs_picture(host, "enrol-1-confirm", "#enrol-panel", "#enrol-form")
        host.click("#enrol-form button[type=submit]")
        expect(host.locator("#enrol-result")).to_be_visible(timeout=60_000)
        text = host.inner_text("#enrol-result")
        res = desk.result
        assert f"{res['read_right_before']} read right before the fit, {res['read_right_after']} after" in text
        assert res["host_fixed"] == len(wrong) and desk.out.exists()
        docs_picture(host, "enrol-2-taught", "#enrol-panel", "#enrol-result")
