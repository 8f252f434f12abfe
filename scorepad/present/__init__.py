"""What people and scripts read: JSON shapes, Rich tables, the terminal chart, the HTML report.

Pure functions over the values the app returns, in the language in use
(``translation``, the one holder of its catalog); nothing here opens the
store, and nothing here knows a command-line word.
"""
