"""URLs for the public pages."""

from django.urls import path

from tournaments.views import public as views
from tournaments.views import tournament

app_name = "public"
urlpatterns: list = [
    path("ladder/<slug:club_slug>/<slug:season_slug>/", views.ladder, name="ladder"),
    path("<slug:slug>/", views.event_page, name="event"),
    path("<slug:slug>/live/", views.event_fragment, name="event_fragment"),
    path("<slug:slug>/rounds/", views.rounds_page, name="rounds"),
    path("<slug:slug>/bracket/", tournament.bracket_page, name="bracket"),
    path("<slug:slug>/bracket/projector/", tournament.bracket_projector, name="bracket_projector"),
    path("<slug:slug>/bracket/fragment/", tournament.bracket_fragment, name="bracket_fragment"),
    path("<slug:slug>/teams/", tournament.teams_page, name="teams"),
    path("<slug:slug>/card/<str:key>/", views.score_card, name="card"),
    path("<slug:slug>/me/<int:number>-<str:code>/", views.player, name="player"),
    path("<slug:slug>/projector/", views.projector, name="projector"),
    path("<slug:slug>/projector/fragment/", views.projector_fragment, name="projector_fragment"),
    path("<slug:slug>/stream/", views.stream, name="stream"),
    path("<slug:slug>/export.<str:fmt>", views.export, name="export"),
]
