"""Season and score-card pages: another club's are not found; refusals show beside the field."""

from __future__ import annotations

import re

import pytest

from tests.factories import ClubFactory, UserFactory
from tests.services.organizer_helpers import make_event
from tests.services.season_helpers import club_evenings
from tournaments.services import events, seasons

pytestmark = pytest.mark.django_db


def test_another_clubs_season_and_cards_are_not_found(client, organizer, club):
    stranger = UserFactory()
    ClubFactory(organizers=[stranger])
    season = seasons.season_create(club=club, name="Home season")
    event = make_event(players=4, club=club)
    client.force_login(stranger)
    assert client.get(f"/seasons/{season.pk}/").status_code == 404
    assert client.post(f"/seasons/{season.pk}/events/", {"events": []}).status_code == 404
    assert client.get(f"/events/{event.slug}/cards/").status_code == 404
    assert "Home season" not in client.get("/seasons/").content.decode()


def test_best_n_without_a_number_is_refused_beside_the_field(client, organizer, club):
    client.force_login(organizer)
    response = client.post(
        "/seasons/new/",
        {"club": club.pk, "name": "2026", "ladder": "best_n", "best_n": "", "min_events": "1"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="id_best_n_error"' in html and "Say how many events count" in html


def test_a_robber_match_cannot_take_paper_cards(client, organizer, club):
    event = make_event(players=4, club=club, kind="robber")
    client.force_login(organizer)
    html = client.post(
        f"/events/{event.slug}/cards/", {"action": "mode", "mode": "final", "check_top": "3"}
    ).content.decode()
    assert "Paper cards are for drives" in html


def test_a_shared_first_place_on_the_season_table_shares_the_first_and_second_prizes(client):
    club = ClubFactory(slug="de-troef")
    first_evening = club_evenings(club)[0]  # Anna and Cor 9 tricks, Eva and Gert 7, Fien and Hans 6
    season = seasons.season_create(
        club=club, name="Seizoen", prizes=["Wisselbeker", "Fles wijn", "Bos bloemen"]
    )
    seasons.season_events_set(season_id=season.pk, event_ids=[first_evening.pk])
    html = client.get(f"/e/ladder/de-troef/{season.slug}/").content.decode()
    rows = [r.split("</tr>")[0] for r in html.split("<tbody>")[1].split("<tr>")[1:]]
    anna, cor, eva, gert, fien = rows[:5]
    for leader in (anna, cor):
        assert '<span aria-hidden="true">=</span>' in leader and "</span>1<" in leader  # "=1"
        assert "Wisselbeker, Fles wijn" in leader
        assert "(tied, sharing 2 prizes)" in leader
    for third in (eva, gert):
        assert "</span>3<" in third and "aria-hidden" in third and "Bos bloemen" in third and "(tied, sharing 1 prize)" in third
        assert "Fles wijn" not in third
    assert "prize" not in fien  # the 5th place takes nothing


def test_an_evening_reopened_for_a_correction_still_counts_on_the_season_table(client):
    club = ClubFactory(slug="de-troef")
    evenings = club_evenings(club)[:2]  # Cor 9 + 8 tricks
    season = seasons.season_create(club=club, name="Seizoen")
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    events.event_reopen(event_id=evenings[1].pk, reason="a table's tricks were swapped")
    html = client.get(f"/e/ladder/de-troef/{season.slug}/").content.decode()
    cor = next(r for r in html.split("<tr>") if "<td>Cor" in r)
    assert '<td class="num">17</td>' in cor  # both evenings, not 9
    assert "Club evening 2</a> (" in html and "being corrected" in html
    # said above the ladder too: a French walk found the note 2,000 px down on a phone
    assert html.index('data-testid="ladder-provisional"') < html.index("<td>Cor")


def test_a_member_the_roster_holds_twice_is_merged_and_counted_once_on_the_ladder(
    client, organizer, club
):
    """The Dutch season: an older version made a second "cor" for a typed name, so the
    ladder split Cor's evenings. The season page lists the two and merges them once ticked."""
    from tests.factories import PlayerFactory
    from tournaments.models import Player

    evenings = club_evenings(club)[:3]  # Cor: 9, 8 and 10 tricks
    second = PlayerFactory(club=club, name=" cor ")
    evenings[2].entries.filter(number=3).update(player=second)
    season = seasons.season_create(club=club, name="Seizoen")
    seasons.season_events_set(season_id=season.pk, event_ids=[e.pk for e in evenings])
    client.force_login(organizer)

    def cor_rows() -> list[str]:
        html = client.get(f"/e/ladder/{club.slug}/{season.slug}/").content.decode()
        rows = [r.split("</tr>")[0] for r in html.split("<tr>")]
        return [r for r in rows if re.search(r"<td[^>]*>\s*cor\b", r, re.IGNORECASE)]

    assert len(cor_rows()) == 2  # 17 and 10, apart
    page = client.get(f"/seasons/{season.pk}/").content.decode()
    group = page.split('data-testid="duplicate"')[1].split("</form>")[0]
    assert ">Cor · 6 evenings<" in group and "> cor  · 1 evening<" in group  # of the club's 7
    assert "Merge into one Cor" in group
    posted = {"players": [str(p.pk) for p in Player.objects.filter(name__icontains="cor")]}
    untouched = client.post(f"/seasons/{season.pk}/merge/", posted, follow=True)
    assert "Tick “They are one person” to merge them." in untouched.content.decode()
    assert Player.objects.filter(name__icontains="cor").count() == 2
    merged = client.post(f"/seasons/{season.pk}/merge/", {**posted, "one_person": "1"}, follow=True)
    assert "Cor is one player now." in merged.content.decode()
    assert 'data-testid="duplicate"' not in merged.content.decode()
    (row,) = cor_rows()
    assert '<td class="num">27</td>' in row  # 9 + 8 + 10, one line
    log = client.get(f"/events/{evenings[2].slug}/").content.decode()
    assert "Player 3 (Cor): two records of one person merged" in log


def test_two_people_of_one_name_are_not_merged(club):
    """Two records that played the same evening, or hold two membership numbers, are two
    people: the merge refuses and nothing changes."""
    from tests.factories import PlayerFactory
    from tournaments.errors import DomainError
    from tournaments.selectors.roster import duplicate_players
    from tournaments.services.players import players_merge

    evening = club_evenings(club)[0]
    anna = evening.entries.get(number=1).player
    other = PlayerFactory(club=club, name="ANNA")
    evening.entries.filter(number=2).update(player=other)  # both played evening 1
    with pytest.raises(DomainError, match=r"Anna played twice on .*: these are two people"):
        players_merge(club_id=club.pk, player_ids=[anna.pk, other.pk])
    members = [PlayerFactory(club=club, name="Joop", membership_number=n) for n in ("11", "12")]
    with pytest.raises(DomainError, match=r"two membership numbers \(11, 12\)"):
        players_merge(club_id=club.pk, player_ids=[m.pk for m in members])
    assert evening.entries.filter(player=other).count() == 1
    assert duplicate_players(club_id=club.pk) == []  # so the season page offers neither
