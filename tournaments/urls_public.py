"""URLs for the public pages."""

from django.urls import path

from tournaments.views import public as views

app_name = "public"
urlpatterns: list = [
    path("ladder/<slug:club_slug>/<slug:season_slug>/", views.ladder, name="ladder"),
    path("<slug:slug>/", views.event_page, name="event"),
    path("<slug:slug>/live/", views.event_fragment, name="event_fragment"),
    path("<slug:slug>/rounds/", views.rounds_page, name="rounds"),
    path("<slug:slug>/card/<str:key>/", views.score_card, name="card"),
    path("<slug:slug>/me/<int:number>-<str:code>/", views.player, name="player"),
    path("<slug:slug>/projector/", views.projector, name="projector"),
    path("<slug:slug>/projector/fragment/", views.projector_fragment, name="projector_fragment"),
    path("<slug:slug>/stream/", views.stream, name="stream"),
    path("<slug:slug>/export.<str:fmt>", views.export, name="export"),
]
