"""URLs for the table pages: everything here is reached with a table's secret token."""

from django.urls import path

from tournaments.views import screen, table

app_name = "table"
urlpatterns: list = [
    path("<str:token>/", table.table_page, name="page"),
    path("<str:token>/state/", table.table_state, name="state"),
    path("<str:token>/clock/", screen.table_clock, name="clock"),
    path("<str:token>/hands/<int:hand>/", table.table_enter, name="enter"),
    path("<str:token>/hands/<int:hand>/confirm/", table.table_decide, {"op": "confirm"}, name="confirm"),
    path("<str:token>/hands/<int:hand>/dispute/", table.table_decide, {"op": "dispute"}, name="dispute"),
]
