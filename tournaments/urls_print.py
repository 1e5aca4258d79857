"""URLs for the print pages (organizer only): documents as HTML, and PDF print jobs."""

from django.urls import path

from tournaments.views import printing as views

app_name = "print"
urlpatterns: list = [
    path("<slug:slug>/", views.print_home, name="home"),
    path("<slug:slug>/jobs/", views.job_create, name="job_create"),
    path("<slug:slug>/jobs/<int:job_id>/", views.job_detail, name="job"),
    path("<slug:slug>/jobs/<int:job_id>/retry/", views.job_retry, name="job_retry"),
    path("<slug:slug>/jobs/<int:job_id>/download/", views.job_download, name="download"),
    path("<slug:slug>/<str:document>/", views.print_page, name="document"),
]
