"""The ``playmat`` command line: headless adjudication, validation, render, play."""
