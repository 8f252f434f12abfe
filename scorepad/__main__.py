from scorepad.cli.main import run

run()
