"""Every action logged anywhere in the services reads as a plain sentence on the dashboard."""

from __future__ import annotations

import ast
from pathlib import Path

import tournaments.services
from tournaments.selectors.events import LOG_LABELS
from tournaments.selectors.rounds import LATE_RESULT, REFUSED_RESULT
from tournaments.selectors.transfer import IMPORT_ACTION

SERVICES = Path(tournaments.services.__file__).parent


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")


def _keyword(call: ast.Call, name: str):
    return next((k.value for k in call.keywords if k.arg == name), None)


KEPT_RESULTS = {"LATE_RESULT": LATE_RESULT, "REFUSED_RESULT": REFUSED_RESULT}


def logged_actions() -> set[str]:
    """The action codes the services pass to event_log, with the few built ones spelled out."""
    found: set[str] = set()
    for path in SERVICES.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node)
            if name == "event_log":
                action = _keyword(node, "action")
                if isinstance(action, ast.Constant):
                    found.add(action.value)
                elif isinstance(action, ast.Name) and action.id == "IMPORT_ACTION":
                    found.add(IMPORT_ACTION)
                elif isinstance(action, ast.Name) and action.id in KEPT_RESULTS:
                    found.add(KEPT_RESULTS[action.id])
                elif not (  # the two built forms, expanded below; any other is an unknown
                    (isinstance(action, ast.Name) and action.id == "code")
                    or (isinstance(action, ast.JoinedStr) and path.name == "screen.py")
                ):
                    raise AssertionError(
                        f"{path.name}:{node.lineno}: an action this test cannot read"
                    )
            elif name == "_transition" and path.name == "events.py":
                found.add(_keyword(node, "code").value)
            elif name == "_changed" and path.name == "screen.py":
                found.add(f"screen_{node.args[2].value}")
    return found


def test_every_logged_action_has_a_label():
    actions = logged_actions()
    assert {"money_update", "prizes_update", "start", "screen_clock", "import"} <= actions
    assert sorted(actions - set(LOG_LABELS)) == []
