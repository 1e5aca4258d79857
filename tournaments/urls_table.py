"""URLs for the table pages: everything here is reached with a table's secret token."""

from django.urls import include, path

from tournaments.views import screen, table

# Everything here is for one table: /t/<token>/...
table_urls = [
    path("", table.table_page, name="page"),
    path("state/", table.table_state, name="state"),
    path("clock/", screen.table_clock, name="clock"),
    path("hands/<int:hand>/", table.table_enter, name="enter"),
    path("hands/<int:hand>/confirm/", table.table_decide, {"op": "confirm"}, name="confirm"),
    path("hands/<int:hand>/dispute/", table.table_decide, {"op": "dispute"}, name="dispute"),
]

app_name = "table"
urlpatterns: list = [path("<str:token>/", include(table_urls))]
