"""URLs for the organizer pages."""

from django.urls import path

from tournaments.views import imports as import_views
from tournaments.views import match_rules, prizes_money
from tournaments.views import organizer as views
from tournaments.views import paper_cards as card_views
from tournaments.views import players as player_views
from tournaments.views import results as result_views
from tournaments.views import screen as screen_views
from tournaments.views import seasons as season_views
from tournaments.views import tournament_organizer as tournament_views

app_name = "organizer"
urlpatterns: list = [
    path("", views.home, name="home"),
    path("seasons/", season_views.season_list, name="seasons"),
    path("seasons/new/", season_views.season_create, name="season_create"),
    path("seasons/<int:season_id>/", season_views.season_detail, name="season"),
    path("seasons/<int:season_id>/events/", season_views.season_events, name="season_events"),
    path("events/new/", views.event_create, name="event_create"),
    path("events/import/", import_views.event_upload, name="event_upload"),
    path("events/<slug:slug>/", views.event_detail, name="event"),
    path("events/<slug:slug>/do/<str:action>/", views.event_action, name="event_action"),
    path("events/<slug:slug>/rules/", match_rules.event_rules, name="event_rules"),
    path("events/<slug:slug>/prizes/", prizes_money.prizes_page, name="prizes"),
    path("events/<slug:slug>/prizes/draw/", prizes_money.consolation_draw, name="consolation_draw"),
    path("events/<slug:slug>/money/", prizes_money.money_page, name="money"),
    path("events/<slug:slug>/players/", player_views.registration, name="registration"),
    path("events/<slug:slug>/players/search/", player_views.roster_search, name="roster_search"),
    path("events/<slug:slug>/players/pair/", player_views.entries_pair, name="entries_pair"),
    path("events/<slug:slug>/players/late/", player_views.entry_late, name="entry_late"),
    path(
        "events/<slug:slug>/players/<int:entry_id>/<str:action>/",
        player_views.entry_action,
        name="entry_action",
    ),
    path("events/<slug:slug>/cards/", card_views.cards_page, name="cards"),
    path(
        "events/<slug:slug>/cards/<int:entry_id>/check/", card_views.card_check, name="card_check"
    ),
    path("events/<slug:slug>/odd-numbers/", views.odd_numbers, name="odd_numbers"),
    path("events/<slug:slug>/screen/<str:what>/", screen_views.screen_action, name="screen"),
    path("events/<slug:slug>/seating/", views.seating_page, name="seating"),
    path("events/<slug:slug>/tournament/", tournament_views.tournament_page, name="tournament"),
    path(
        "events/<slug:slug>/tournament/<str:action>/",
        tournament_views.tournament_action,
        name="tournament_action",
    ),
    path("events/<slug:slug>/teams/", tournament_views.teams_page, name="teams"),
    path("events/<slug:slug>/teams/cards/", tournament_views.team_cards, name="team_cards"),
    path("events/<slug:slug>/rounds/", views.round_page, name="round_current"),
    path("events/<slug:slug>/rounds/<int:number>/", views.round_page, name="round"),
    # score entry (tournaments/views/results.py); before round_action, which takes any word
    path(
        "events/<slug:slug>/rounds/<int:number>/grid/", result_views.round_grid, name="round_grid"
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/travellers/",
        result_views.round_traveller,
        name="round_traveller",
    ),
    path(
        "events/<slug:slug>/hands/<int:hand>/tables/<int:table>/history/",
        result_views.result_history,
        name="result_history",
    ),
    path(
        "events/<slug:slug>/tables/<int:table>/token/",
        result_views.table_token_regenerate,
        name="table_token",
    ),
    path(
        "events/<slug:slug>/rounds/<int:number>/<str:action>/",
        views.round_action,
        name="round_action",
    ),
]
