from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_odd_numbers_tables_of_five"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="stationary",
            field=models.BooleanField(
                default=False,
                help_text="Keeps one table and seat all evening (mobility, a wheelchair table).",
                verbose_name="cannot move",
            ),
        ),
    ]
