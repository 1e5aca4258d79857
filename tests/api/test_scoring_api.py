"""POST /api/v1/scoring/<system>/: the engines over HTTP, per docs/scoring.md."""

import json

import pytest

URL = "/api/v1/scoring/{}/"


@pytest.fixture
def post(client):
    def _post(system, body, raw=False):
        data = body if raw else json.dumps(body)
        return client.post(URL.format(system), data=data, content_type="application/json")

    return _post


def test_scores_a_drive_hand_without_login(post):
    record = {"hands": [{"hand": 1, "table": 1, "ns": ["Ann", "Bob"], "ew": ["Cat", "Dan"],
                         "tricks": {"ns": 8, "ew": 5}}], "rules": {"hands": 1}}
    response = post("drive", record)
    assert response.status_code == 200
    totals = {row["player"]: row["total"] for row in response.json()["standings"]}
    assert totals == {"Ann": 8, "Bob": 8, "Cat": 5, "Dan": 5}


@pytest.mark.parametrize(
    ("system", "body", "code"),
    [
        ("drive", {"hands": [{"hand": 1, "table": 1, "ns": ["A", "B"], "ew": ["C", "D"],
                              "tricks": {"ns": 8, "ew": 6}}]}, "E_TRICKS_TOTAL"),
        ("poker", {"hands": []}, "E_SYSTEM"),
        ("rubber", {"rules": {"colour": "red"}, "hands": []}, "E_RULES"),
    ],
)
def test_refusals_are_422_with_the_contract_error(post, system, body, code):
    response = post(system, body)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == code
    assert response.json()["error"]["message"]


def test_malformed_json_is_422_e_json(post):
    response = post("drive", "{not json", raw=True)
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "E_JSON"
