# The schema as of 0009, made anew from the models before the first release: it replaces the
# nine migrations that built it (a database at 0009 takes it as applied; one at an earlier
# step moves over with the JSON export of docs/export-format.md).

import django.db.models.deletion
import tournaments.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    replaces = [
        ('tournaments', '0001_initial'),
        ('tournaments', '0002_languages'),
        ('tournaments', '0003_idempotency_created'),
        ('tournaments', '0004_event_screen'),
        ('tournaments', '0005_tournament_formats'),
        ('tournaments', '0006_prize_settings_money_currency'),
        ('tournaments', '0007_season_prizes'),
        ('tournaments', '0008_paper_cards'),
        ('tournaments', '0009_odd_numbers_tables_of_five'),
    ]

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Club',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('slug', models.SlugField(unique=True, verbose_name='slug')),
                ('currency', models.CharField(default='GBP', max_length=3, verbose_name='currency')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('organizers', models.ManyToManyField(blank=True, related_name='clubs', to=settings.AUTH_USER_MODEL, verbose_name='organizers')),
            ],
            options={
                'verbose_name': 'club',
                'verbose_name_plural': 'clubs',
                'ordering': ['name'],
            },
        ),
        migrations.CreateModel(
            name='Event',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=160, verbose_name='name')),
                ('slug', models.SlugField(max_length=80, unique=True, verbose_name='slug')),
                ('date', models.DateField(verbose_name='date')),
                ('venue', models.CharField(blank=True, max_length=160, verbose_name='venue')),
                ('kind', models.CharField(choices=[('individual_drive', 'individual drive'), ('pairs_drive', 'pairs drive'), ('robber', 'robber match or league'), ('bidwhist', 'Bid Whist session'), ('esmakker', 'Es-makker session'), ('team_match', 'team matches: league or cup')], default='individual_drive', max_length=20, verbose_name='kind')),
                ('status', models.CharField(choices=[('draft', 'draft'), ('open', 'open for registration'), ('running', 'running'), ('finished', 'finished'), ('published', 'published')], default='draft', max_length=12, verbose_name='status')),
                ('rules', models.JSONField(blank=True, default=dict, verbose_name='rules')),
                ('prize_settings', models.JSONField(blank=True, default=dict, verbose_name='prize settings')),
                ('money', models.JSONField(blank=True, default=dict, verbose_name='money')),
                ('hands', models.PositiveSmallIntegerField(default=24, verbose_name='number of hands')),
                ('hands_per_round', models.PositiveSmallIntegerField(default=1, verbose_name='hands per round')),
                ('trumps', models.JSONField(blank=True, default=list, verbose_name='trump rotation')),
                ('movement_kind', models.CharField(choices=[('winners_split', 'progressive: winners split'), ('losers_split', 'progressive: losers split'), ('losers_split_progressive', 'progressive: losers split, partners change'), ('head_table', 'progressive: head table'), ('individual', 'fixed individual movement'), ('mitchell', 'Mitchell (pairs)'), ('howell', 'Howell (pairs)'), ('round_robin', 'round robin (pairs)')], default='winners_split', max_length=30, verbose_name='movement')),
                ('movement_seed', models.PositiveIntegerField(default=0, verbose_name='movement seed')),
                ('movement', models.JSONField(blank=True, editable=False, null=True, verbose_name='movement plan')),
                ('confirmation_required', models.BooleanField(default=True, verbose_name='opponents confirm results')),
                ('is_public', models.BooleanField(default=True, verbose_name='public results page')),
                ('paper_cards', models.CharField(blank=True, choices=[('', 'every hand entered at the tables'), ('rounds', 'card totals per round'), ('final', 'final card totals only')], default='', max_length=8, verbose_name='paper cards')),
                ('card_check_top', models.PositiveSmallIntegerField(default=3, verbose_name='cards the MC checks')),
                ('odd_numbers', models.CharField(choices=[('sit_out', 'the extra players sit out in turn'), ('fives', 'tables of five, the dealer sitting out each hand')], default='sit_out', max_length=8, verbose_name='odd numbers')),
                ('language', models.CharField(blank=True, choices=[('en', 'English'), ('nl', 'Nederlands'), ('de', 'Deutsch'), ('da', 'Dansk'), ('fr', 'Français')], default='', max_length=8, verbose_name='language')),
                ('version', models.PositiveBigIntegerField(default=1, editable=False)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='tournaments.club')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'event',
                'verbose_name_plural': 'events',
                'ordering': ['-date', 'name'],
            },
        ),
        migrations.CreateModel(
            name='EventLog',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('action', models.CharField(max_length=40)),
                ('detail', models.JSONField(blank=True, default=dict)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='log', to='tournaments.event')),
            ],
            options={
                'ordering': ['created_at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Hand',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('trump', models.CharField(blank=True, max_length=2, verbose_name='trump')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hand_set', to='tournaments.event')),
            ],
            options={
                'verbose_name': 'hand',
                'verbose_name_plural': 'hands',
                'ordering': ['event', 'number'],
            },
        ),
        migrations.CreateModel(
            name='IdempotencyRecord',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('scope', models.CharField(max_length=80)),
                ('key', models.CharField(max_length=100)),
                ('fingerprint', models.CharField(max_length=64)),
                ('created', models.BooleanField(default=False)),
                ('body', models.JSONField()),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('scope', 'key'), name='idempotency_key_unique')],
            },
        ),
        migrations.CreateModel(
            name='OrganizerProfile',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('language', models.CharField(blank=True, choices=[('en', 'English'), ('nl', 'Nederlands'), ('de', 'Deutsch'), ('da', 'Dansk'), ('fr', 'Français')], max_length=8, verbose_name='language')),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='organizer_profile', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'organizer profile',
                'verbose_name_plural': 'organizer profiles',
            },
        ),
        migrations.CreateModel(
            name='Pair',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('name', models.CharField(blank=True, max_length=160, verbose_name='name')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pairs', to='tournaments.event')),
            ],
            options={
                'verbose_name': 'pair',
                'verbose_name_plural': 'pairs',
                'ordering': ['event', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Player',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('membership_number', models.CharField(blank=True, max_length=40, verbose_name='membership number')),
                ('email', models.EmailField(blank=True, max_length=254, verbose_name='email')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='players', to='tournaments.club')),
            ],
            options={
                'verbose_name': 'player',
                'verbose_name_plural': 'players',
                'ordering': ['name', 'id'],
            },
        ),
        migrations.CreateModel(
            name='Entry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('role', models.CharField(blank=True, choices=[('', 'any'), ('lady', 'lady'), ('gent', 'gent')], default='', max_length=4, verbose_name='role')),
                ('arrived', models.BooleanField(default=True, verbose_name='arrived')),
                ('joined_round', models.PositiveSmallIntegerField(default=1, verbose_name='joins at round')),
                ('withdrawn_round', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='withdrawn from round')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entries', to='tournaments.event')),
                ('pair', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='entries', to='tournaments.pair')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='tournaments.player')),
            ],
            options={
                'verbose_name': 'entry',
                'verbose_name_plural': 'entries',
                'ordering': ['event', 'number'],
            },
        ),
        migrations.CreateModel(
            name='PrintJob',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('document', models.CharField(max_length=30)),
                ('options', models.JSONField(blank=True, default=dict)),
                ('content_hash', models.CharField(max_length=64)),
                ('status', models.CharField(choices=[('pending', 'waiting'), ('running', 'rendering'), ('done', 'ready'), ('failed', 'failed')], default='pending', max_length=8)),
                ('rendered', models.PositiveIntegerField(default=0)),
                ('total', models.PositiveIntegerField(default=0)),
                ('file', models.FileField(blank=True, upload_to='print/')),
                ('error', models.TextField(blank=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='print_jobs', to='tournaments.event')),
            ],
        ),
        migrations.CreateModel(
            name='Result',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('version', models.PositiveIntegerField(default=1)),
                ('status', models.CharField(choices=[('entered', 'entered, awaiting confirmation'), ('confirmed', 'confirmed'), ('disputed', 'disputed'), ('not_played', 'not played'), ('superseded', 'superseded')], default='entered', max_length=12)),
                ('data', models.JSONField(default=dict)),
                ('tricks_ns', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('source', models.CharField(choices=[('organizer', 'organizer'), ('table', 'table (token)'), ('api', 'API client'), ('system', 'system')], max_length=10)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('confirmed_at', models.DateTimeField(blank=True, null=True)),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='results', to='tournaments.event')),
                ('hand', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='results', to='tournaments.hand')),
            ],
            options={
                'verbose_name': 'result',
                'verbose_name_plural': 'results',
                'ordering': ['hand', 'table', 'version'],
            },
        ),
        migrations.CreateModel(
            name='Round',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('status', models.CharField(choices=[('pending', 'pending'), ('open', 'open'), ('closed', 'closed')], default='pending', max_length=8, verbose_name='status')),
                ('opened_at', models.DateTimeField(blank=True, null=True)),
                ('closed_at', models.DateTimeField(blank=True, null=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='tournaments.event')),
            ],
            options={
                'verbose_name': 'round',
                'verbose_name_plural': 'rounds',
                'ordering': ['event', 'number'],
            },
        ),
        migrations.AddField(
            model_name='hand',
            name='round',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hands', to='tournaments.round'),
        ),
        migrations.CreateModel(
            name='Season',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=120, verbose_name='name')),
                ('slug', models.SlugField(verbose_name='slug')),
                ('ladder', models.CharField(choices=[('total', 'total'), ('average', 'average'), ('best_n', 'best N events')], default='total', max_length=10, verbose_name='ladder rule')),
                ('best_n', models.PositiveSmallIntegerField(default=0, verbose_name='best N')),
                ('min_events', models.PositiveSmallIntegerField(default=1, verbose_name='minimum events to qualify')),
                ('prizes', models.JSONField(blank=True, default=list, verbose_name='season prizes')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seasons', to='tournaments.club')),
            ],
            options={
                'verbose_name': 'season',
                'verbose_name_plural': 'seasons',
            },
        ),
        migrations.AddField(
            model_name='event',
            name='season',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='events', to='tournaments.season'),
        ),
        migrations.CreateModel(
            name='Table',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('token', models.CharField(default=tournaments.models.new_token, editable=False, max_length=40, unique=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='tournaments.event')),
            ],
            options={
                'verbose_name': 'table',
                'verbose_name_plural': 'tables',
                'ordering': ['event', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Seating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seat', models.CharField(blank=True, choices=[('N', 'North'), ('E', 'East'), ('S', 'South'), ('W', 'West'), ('X', 'fifth player (sits out when dealing)'), ('', 'sits out')], max_length=1, verbose_name='seat')),
                ('entry', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seatings', to='tournaments.entry')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seatings', to='tournaments.event')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seatings', to='tournaments.round')),
                ('table', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='seatings', to='tournaments.table')),
            ],
            options={
                'verbose_name': 'seating',
                'verbose_name_plural': 'seatings',
                'ordering': ['round', 'table', 'seat'],
            },
        ),
        migrations.CreateModel(
            name='ScoreChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('action', models.CharField(choices=[('enter', 'entered'), ('confirm', 'confirmed'), ('dispute', 'disputed'), ('correct', 'corrected'), ('not_played', 'marked not played')], max_length=12)),
                ('old', models.JSONField(blank=True, null=True)),
                ('new', models.JSONField(blank=True, null=True)),
                ('source', models.CharField(choices=[('organizer', 'organizer'), ('table', 'table (token)'), ('api', 'API client'), ('system', 'system')], max_length=10)),
                ('remote_addr', models.GenericIPAddressField(blank=True, null=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='score_changes', to='tournaments.event')),
                ('hand', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='score_changes', to='tournaments.hand')),
                ('result', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='tournaments.result')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='score_changes', to='tournaments.table')),
            ],
            options={
                'verbose_name': 'score change',
                'verbose_name_plural': 'score changes',
                'ordering': ['created_at', 'id'],
            },
        ),
        migrations.AddField(
            model_name='result',
            name='table',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='results', to='tournaments.table'),
        ),
        migrations.CreateModel(
            name='Team',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='number')),
                ('name', models.CharField(max_length=160, verbose_name='name')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='tournaments.event')),
                ('first_pair', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.pair')),
                ('second_pair', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.pair')),
            ],
            options={
                'verbose_name': 'team',
                'verbose_name_plural': 'teams',
                'ordering': ['event', 'number'],
            },
        ),
        migrations.CreateModel(
            name='TeamMatch',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('stage', models.CharField(choices=[('league', 'league'), ('cup', 'cup')], max_length=8, verbose_name='stage')),
                ('cup_match', models.CharField(blank=True, max_length=12, verbose_name='cup match')),
                ('away', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.team')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='team_matches', to='tournaments.event')),
                ('first_table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.table')),
                ('home', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.team')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='team_matches', to='tournaments.round')),
                ('second_table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.table')),
            ],
            options={
                'verbose_name': 'team match',
                'verbose_name_plural': 'team matches',
                'ordering': ['round', 'first_table'],
            },
        ),
        migrations.CreateModel(
            name='TournamentFormat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('qualifying', models.CharField(choices=[('swiss', 'Swiss pairing'), ('ladder', 'winners move up, losers stay')], default='swiss', max_length=8, verbose_name='qualifying rounds')),
                ('ranking', models.JSONField(default=list, verbose_name='ranking order')),
                ('match_to', models.CharField(choices=[('hands', "the round's hands"), ('game', 'one game to the target')], default='hands', max_length=6, verbose_name='a match is played to')),
                ('playoff', models.CharField(choices=[('none', 'no playoff'), ('single', 'single elimination'), ('double', 'double elimination')], default='single', max_length=8, verbose_name='playoff')),
                ('playoff_teams', models.PositiveSmallIntegerField(default=8, verbose_name='teams in the playoff')),
                ('final_best_of', models.PositiveSmallIntegerField(default=1, verbose_name='final: best of')),
                ('bracket', models.JSONField(blank=True, editable=False, null=True, verbose_name='bracket')),
                ('playoff_results', models.JSONField(blank=True, default=dict, verbose_name='playoff winners')),
                ('pot', models.DecimalField(decimal_places=2, default=0, max_digits=10, verbose_name='pot')),
                ('prize_split', models.JSONField(blank=True, default=list, verbose_name='prize split (percent of the pot)')),
                ('boston_prize', models.DecimalField(decimal_places=2, default=0, max_digits=10, verbose_name='Boston prize')),
                ('match_points', models.JSONField(blank=True, default=list, verbose_name='match-point scale')),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='tournament_format', to='tournaments.event')),
            ],
            options={
                'verbose_name': 'tournament format',
                'verbose_name_plural': 'tournament formats',
            },
        ),
        migrations.CreateModel(
            name='CardTotal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round_number', models.PositiveSmallIntegerField(verbose_name='round')),
                ('tricks', models.PositiveSmallIntegerField(verbose_name='tricks')),
                ('checked', models.BooleanField(default=False, verbose_name='checked against the card')),
                ('entry', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='card_totals', to='tournaments.entry')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='card_totals', to='tournaments.event')),
            ],
            options={
                'verbose_name': 'card total',
                'verbose_name_plural': 'card totals',
                'constraints': [models.UniqueConstraint(fields=('entry', 'round_number'), name='card_total_unique')],
            },
        ),
        migrations.CreateModel(
            name='EventScreen',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('minutes_per_round', models.PositiveSmallIntegerField(verbose_name='minutes per round')),
                ('ends_at', models.DateTimeField(blank=True, null=True, verbose_name='clock ends at')),
                ('seconds_left', models.PositiveIntegerField(blank=True, null=True, verbose_name='seconds left (paused)')),
                ('message', models.CharField(blank=True, max_length=140, verbose_name='announcement')),
                ('revealed', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='prizes revealed')),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='screen', to='tournaments.event', verbose_name='event')),
            ],
            options={
                'verbose_name': 'room screen',
                'verbose_name_plural': 'room screens',
                'constraints': [models.CheckConstraint(condition=models.Q(('minutes_per_round__gte', 1), ('minutes_per_round__lte', 240)), name='screen_minutes_range'), models.CheckConstraint(condition=models.Q(('ends_at__isnull', True), ('seconds_left__isnull', True), _connector='OR'), name='screen_clock_one_state')],
            },
        ),
        migrations.AddConstraint(
            model_name='pair',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='pair_number_unique'),
        ),
        migrations.AddIndex(
            model_name='player',
            index=models.Index(fields=['club', 'name'], name='tournaments_club_id_d499a7_idx'),
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(condition=models.Q(('membership_number', ''), _negated=True), fields=('club', 'membership_number'), name='player_membership_number_unique'),
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.UniqueConstraint(fields=('event', 'player'), name='entry_player_once'),
        ),
        migrations.AddConstraint(
            model_name='entry',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='entry_number_unique'),
        ),
        migrations.AddConstraint(
            model_name='printjob',
            constraint=models.UniqueConstraint(fields=('content_hash',), name='printjob_content_unique'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='round_number_unique'),
        ),
        migrations.AddConstraint(
            model_name='hand',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='hand_number_unique'),
        ),
        migrations.AddConstraint(
            model_name='season',
            constraint=models.UniqueConstraint(fields=('club', 'slug'), name='season_slug_unique'),
        ),
        migrations.AddConstraint(
            model_name='event',
            constraint=models.CheckConstraint(condition=models.Q(('hands__gte', 1), ('hands__lte', 60)), name='event_hands_range'),
        ),
        migrations.AddConstraint(
            model_name='event',
            constraint=models.CheckConstraint(condition=models.Q(('hands_per_round__gte', 1)), name='event_hands_per_round_positive'),
        ),
        migrations.AddConstraint(
            model_name='table',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='table_number_unique'),
        ),
        migrations.AddConstraint(
            model_name='seating',
            constraint=models.UniqueConstraint(fields=('round', 'entry'), name='seating_one_seat_per_entry_per_round'),
        ),
        migrations.AddConstraint(
            model_name='seating',
            constraint=models.UniqueConstraint(condition=models.Q(('table__isnull', False)), fields=('round', 'table', 'seat'), name='seating_one_entry_per_seat'),
        ),
        migrations.AddConstraint(
            model_name='seating',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('table__isnull', True), ('seat', '')), models.Q(('table__isnull', False), ('seat__in', ('N', 'E', 'S', 'W', 'X'))), _connector='OR'), name='seating_seat_matches_table'),
        ),
        migrations.AddIndex(
            model_name='result',
            index=models.Index(fields=['event', 'status'], name='tournaments_event_i_76e438_idx'),
        ),
        migrations.AddConstraint(
            model_name='result',
            constraint=models.UniqueConstraint(fields=('hand', 'table', 'version'), name='result_version_unique'),
        ),
        migrations.AddConstraint(
            model_name='result',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'superseded'), _negated=True), fields=('hand', 'table'), name='result_one_live_version'),
        ),
        migrations.AddConstraint(
            model_name='result',
            constraint=models.UniqueConstraint(condition=models.Q(('status', 'confirmed')), fields=('hand', 'table'), name='result_one_confirmed_per_table_hand'),
        ),
        migrations.AddConstraint(
            model_name='result',
            constraint=models.CheckConstraint(condition=models.Q(('tricks_ns__lte', 13)), name='result_tricks_range'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='team_number_unique'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.CheckConstraint(condition=models.Q(('first_pair', models.F('second_pair')), _negated=True), name='team_two_pairs'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('round', 'home'), name='team_match_home_once'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.UniqueConstraint(fields=('round', 'away'), name='team_match_away_once'),
        ),
        migrations.AddConstraint(
            model_name='teammatch',
            constraint=models.CheckConstraint(condition=models.Q(('home', models.F('away')), _negated=True), name='team_match_two_teams'),
        ),
        migrations.AddConstraint(
            model_name='tournamentformat',
            constraint=models.CheckConstraint(condition=models.Q(('playoff_teams__gte', 2)), name='format_playoff_teams'),
        ),
        migrations.AddConstraint(
            model_name='tournamentformat',
            constraint=models.CheckConstraint(condition=models.Q(('final_best_of__gte', 1), ('final_best_of__lte', 9)), name='format_best_of'),
        ),
        migrations.AddConstraint(
            model_name='tournamentformat',
            constraint=models.CheckConstraint(condition=models.Q(('boston_prize__gte', 0), ('pot__gte', 0)), name='format_money_positive'),
        ),
    ]
