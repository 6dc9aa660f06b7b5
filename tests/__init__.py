"""The test suite (a package, so that tests/vision is `tests.vision` and never hides the `vision` package:
in a git worktree the editable install maps `vision` to the main checkout, and the tests ran that code)."""
