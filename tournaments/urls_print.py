"""URLs for the print pages (organizer only): documents as HTML, and PDF print jobs."""

from django.urls import include, path

from tournaments.views import printing as views

# An event's PDF print jobs: /print/<slug>/jobs/...
job_urls = [
    path("", views.job_create, name="job_create"),
    path("<int:job_id>/", views.job_detail, name="job"),
    path("<int:job_id>/retry/", views.job_retry, name="job_retry"),
    path("<int:job_id>/download/", views.job_download, name="download"),
]

# Everything here is for one event: /print/<slug>/...
event_urls = [
    path("", views.print_home, name="home"),
    path("jobs/", include(job_urls)),
    path("<str:document>/", views.print_page, name="document"),
]

app_name = "print"
urlpatterns: list = [path("<slug:slug>/", include(event_urls))]
