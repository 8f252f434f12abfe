"""What people and scripts read: JSON shapes, Rich tables, the terminal chart, the HTML report.

Pure functions over the values the app returns; nothing here opens the
store, and nothing here knows a command-line word.
"""
