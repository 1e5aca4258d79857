"""URLs for the organizer pages."""

from django.urls import include, path

from tournaments.views import imports as import_views
from tournaments.views import match_rules, prizes_money
from tournaments.views import organizer as views
from tournaments.views import paper_cards as card_views
from tournaments.views import players as player_views
from tournaments.views import results as result_views
from tournaments.views import rounds as round_views
from tournaments.views import screen as screen_views
from tournaments.views import seasons as season_views
from tournaments.views import tournament_organizer as tournament_views

# Everything here is for one event: /events/<slug>/...
event_urls = [
    path("", views.event_detail, name="event"),
    path("do/<str:action>/", views.event_action, name="event_action"),
    path("rules/", match_rules.event_rules, name="event_rules"),
    path("prizes/", prizes_money.prizes_page, name="prizes"),
    path("prizes/draw/", prizes_money.consolation_draw, name="consolation_draw"),
    path("money/", prizes_money.money_page, name="money"),
    path("players/", player_views.registration, name="registration"),
    path("players/search/", player_views.roster_search, name="roster_search"),
    path("players/pair/", player_views.entries_pair, name="entries_pair"),
    path("players/pairs/", player_views.entries_pair_chosen, name="entries_pair_chosen"),
    path("players/late/", player_views.entry_late, name="entry_late"),
    path("players/<int:entry_id>/<str:action>/", player_views.entry_action, name="entry_action"),
    path("cards/", card_views.cards_page, name="cards"),
    path("cards/<int:entry_id>/check/", card_views.card_check, name="card_check"),
    path("odd-numbers/", round_views.odd_numbers, name="odd_numbers"),
    path("screen/<str:what>/", screen_views.screen_action, name="screen"),
    path("seating/", round_views.seating_page, name="seating"),
    path("tournament/", tournament_views.tournament_page, name="tournament"),
    path("tournament/<str:action>/", tournament_views.tournament_action, name="tournament_action"),
    path("teams/", tournament_views.teams_page, name="teams"),
    path("teams/cards/", tournament_views.team_cards, name="team_cards"),
    path("rounds/", round_views.round_page, name="round_current"),
    path("rounds/<int:number>/", round_views.round_page, name="round"),
    # score entry (tournaments/views/results.py); before round_action, which takes any word
    path("rounds/<int:number>/grid/", result_views.round_grid, name="round_grid"),
    path("rounds/<int:number>/travellers/", result_views.round_traveller, name="round_traveller"),
    path(
        "hands/<int:hand>/tables/<int:table>/history/",
        result_views.result_history,
        name="result_history",
    ),
    path("tables/<int:table>/token/", result_views.table_token_regenerate, name="table_token"),
    path("rounds/<int:number>/<str:action>/", round_views.round_action, name="round_action"),
]

app_name = "organizer"
urlpatterns: list = [
    path("", views.home, name="home"),
    path("seasons/", season_views.season_list, name="seasons"),
    path("seasons/new/", season_views.season_create, name="season_create"),
    path("seasons/<int:season_id>/", season_views.season_detail, name="season"),
    path("seasons/<int:season_id>/events/", season_views.season_events, name="season_events"),
    path(
        "seasons/<int:season_id>/merge/",
        season_views.season_players_merge,
        name="season_players_merge",
    ),
    path("events/new/", views.event_create, name="event_create"),
    path("events/import/", import_views.event_upload, name="event_upload"),
    path("events/<slug:slug>/", include(event_urls)),
]
