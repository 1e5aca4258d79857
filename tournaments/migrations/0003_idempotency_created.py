"""IdempotencyRecord keeps whether the first answer created a result, not an HTTP status."""

from django.db import migrations, models


def forwards(apps, schema_editor):
    apps.get_model("tournaments", "IdempotencyRecord").objects.filter(status_code=201).update(created=True)


def backwards(apps, schema_editor):
    records = apps.get_model("tournaments", "IdempotencyRecord").objects
    records.filter(created=True).update(status_code=201)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_languages")]

    operations = [
        migrations.AddField(
            model_name="idempotencyrecord",
            name="created",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="idempotencyrecord",
            name="status_code",
            field=models.PositiveSmallIntegerField(default=200),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="idempotencyrecord", name="status_code"),
    ]
