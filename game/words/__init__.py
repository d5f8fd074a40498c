"""The AI's plans in words a GM or player reads: ``playmat suggest`` prints them, the window's AI reasons show them.

Every figure in the words is the engine's (its previews and reach queries) or the AI's own score terms; nothing
is worked out here. No pygame: the command line loads this without the window.
"""
