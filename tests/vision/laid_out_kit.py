"""A recorded folder of laid-out frames for the enrolment tests (CLI and console): two rows of six
cards of a procedural style no model was trained on, small frames, rendered once per session."""

from __future__ import annotations

ROWS = [["3S", "5S", "6H", "9H", "4H", "4D"], ["QC", "TD", "8S", "AH", "7C", "KD"]]


def unseen_style():
    """Condensed serif italic ranks beside the suit, a four-colour palette on grey-cream paper."""
    from vision.synth.faces import ProceduralStyle, ProcSpec

    colours = {"S": (90, 20, 120), "H": (230, 110, 20), "D": (20, 120, 160), "C": (60, 90, 20)}
    return ProceduralStyle(ProcSpec("test_laid_out", "DejaVuSerifCondensed-BoldItalic.ttf", None, colours, "side",
                                    0.09, paper=(240, 232, 210), border=(120, 40, 40)))


def laid_out_shots(folder):
    """(folder of NN-row.png, [(frame, truths)]): the deck's two rows as a camera recorded them."""
    from vision.synth.laid_out import render_rows, write_shots

    shots = render_rows(unseen_style(), ROWS, 4108, size=(960, 540), card_h=0.3)
    write_shots(shots, folder)
    return folder, shots
