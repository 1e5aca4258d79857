"""URLs for the public pages."""

from django.urls import include, path

from tournaments.views import public as views
from tournaments.views import tournament

# Everything but the ladder is for one event: /e/<slug>/...
event_urls = [
    path("", views.event_page, name="event"),
    path("live/", views.event_fragment, name="event_fragment"),
    path("rounds/", views.rounds_page, name="rounds"),
    path("bracket/", tournament.bracket_page, name="bracket"),
    path("bracket/projector/", tournament.bracket_projector, name="bracket_projector"),
    path("bracket/fragment/", tournament.bracket_fragment, name="bracket_fragment"),
    path("teams/", tournament.teams_page, name="teams"),
    path("card/<str:key>/", views.score_card, name="card"),
    path("me/<int:number>-<str:code>/", views.player, name="player"),
    path("projector/", views.projector, name="projector"),
    path("projector/fragment/", views.projector_fragment, name="projector_fragment"),
    path("stream/", views.stream, name="stream"),
    path("export.<str:fmt>", views.export, name="export"),
]

app_name = "public"
urlpatterns: list = [
    path("ladder/<slug:club_slug>/<slug:season_slug>/", views.ladder, name="ladder"),
    path(
        "ladder/<slug:club_slug>/<slug:season_slug>/export.<str:fmt>",
        views.ladder_export,
        name="ladder_export",
    ),
    path("<slug:slug>/", include(event_urls)),
]
