/* seat_pairs: find_starters.py's seat_pairs as a compiled program (--matched --compiled).

   The same depth-first search, node for node (same branching, same order), about 50
   times faster, so a drawn starter can be given millions of nodes.  One draw per
   line on stdin: "limit m1 m2 n first k d1 e1 ... dk ek a0 c0 a1 c1 ..." (n partner
   pairs of the group Z_m1 x Z_m2, the point (x1, x2) written x1 * m2 + x2; points from
   m1 * m2 on are the fixed points ∞, and two of them never share a table; each class
   {d, -d} is named by the smaller of the two numbers and comes twice among the
   opponents, except the k classes d with their own count e; first = 1: pair 0 sits
   against pair 1, the rest is searched);
   one answer per line on stdout: "found NODES i j i j ..." (the pairs sharing each
   table), "none NODES" (proved: no seating) or "unknown NODES" (the limit ran out). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <signal.h>
#include <sys/prctl.h>
#endif

#define MAXN 128
#define MAXC 256

/* Pair i against pair j: the opponents' classes cls[q], cnt[q] times each.  Small and
   copied into each level's list, so a node reads its tables in one sweep. */
typedef struct {
    uint8_t i, j, len, cls[4], cnt[4];
} Table;

static int m1, m2, order, n, need[MAXC], freep[MAXN], depth;
static long long nodes, limit;
static Table chosen[MAXN], *pool; /* pool: two lists per level, `stride` tables each */
static size_t stride;

/* 1 found, 0 none, -1 out of nodes; `possible` holds `count` tables. */
static int search(Table *possible, int count) {
    if (++nodes > limit) return -1;
    if (2 * depth == n) return 1;
    int at_pair[MAXN] = {0}, supply[MAXC] = {0}, giving[MAXC] = {0};
    for (int t = 0; t < count; t++) {
        Table *tb = &possible[t];
        at_pair[tb->i]++;
        at_pair[tb->j]++;
        for (int q = 0; q < tb->len; q++) {
            supply[tb->cls[q]] += tb->cnt[q];
            giving[tb->cls[q]]++;
        }
    }
    for (int k = 1; k < order; k++)
        if (supply[k] < need[k]) return 0;
    int pair = -1, k = -1;
    for (int i = 0; i < n; i++)
        if (freep[i] && (pair < 0 || at_pair[i] < at_pair[pair])) pair = i;
    for (int c = 1; c < order; c++)
        if (need[c] && (k < 0 || giving[c] < giving[k])) k = c;
    int by_class = giving[k] < at_pair[pair];
    Table *mine = pool + 2 * depth * stride, *rest = mine + stride;
    memcpy(mine, possible, sizeof(Table) * count);
    int mine_count = count, result = 0;
    for (int b = 0; b < mine_count; b++) {
        Table *tb = &mine[b];
        int in_branch = 0;
        if (by_class) {
            for (int q = 0; q < tb->len; q++) in_branch |= tb->cls[q] == k;
        } else {
            in_branch = tb->i == pair || tb->j == pair;
        }
        if (!in_branch) continue;
        freep[tb->i] = freep[tb->j] = 0;
        for (int q = 0; q < tb->len; q++) need[tb->cls[q]] -= tb->cnt[q];
        chosen[depth++] = *tb;
        int rest_count = 0;
        for (int t = 0; t < mine_count; t++) {
            Table *o = &mine[t];
            if (!freep[o->i] || !freep[o->j]) continue;
            int fits = 1;
            for (int q = 0; q < o->len; q++) fits &= o->cnt[q] <= need[o->cls[q]];
            if (fits) rest[rest_count++] = mine[t];
        }
        result = search(rest, rest_count);
        if (result != 0) break;
        depth--;
        for (int q = 0; q < tb->len; q++) need[tb->cls[q]] += tb->cnt[q];
        freep[tb->i] = freep[tb->j] = 1;
        if (by_class) { /* the branches after this one do without it */
            memmove(mine + b, mine + b + 1, sizeof(Table) * (mine_count - b - 1));
            mine_count--;
            b--;
        }
    }
    return result;
}

static int diff_class(int x, int y) {
    int d1 = (x / m2 - y / m2 + m1) % m1, d2 = (x % m2 - y % m2 + m2) % m2;
    int d = d1 * m2 + d2, e = (m1 - d1) % m1 * m2 + (m2 - d2) % m2;
    return d < e ? d : e;
}

int main(void) {
    int a[MAXN], c[MAXN];
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM); /* a search stopped by a signal stops this one too */
#endif
    int first;
    int k, d, e;
    while (scanf("%lld %d %d %d %d %d", &limit, &m1, &m2, &n, &first, &k) == 6) {
        order = m1 * m2;
        if (order > MAXC || n > MAXN) return 2;
        need[0] = 0;
        for (int c = 1; c < order; c++) need[c] = diff_class(c, 0) == c ? 2 : 0;
        for (int q = 0; q < k; q++) {
            if (scanf("%d %d", &d, &e) != 2) return 2;
            need[d] = e;
        }
        for (int i = 0; i < n; i++)
            if (scanf("%d %d", &a[i], &c[i]) != 2) return 2;
        stride = (size_t)n * n / 2 + 1;
        Table *tables = malloc(sizeof(Table) * stride);
        pool = malloc(sizeof(Table) * stride * (n + 2));
        int count = 0;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                Table tb = {(uint8_t)i, (uint8_t)j, 0, {0}, {0}};
                int xs[4] = {a[i], a[i], c[i], c[i]}, ys[4] = {a[j], c[j], a[j], c[j]};
                int ok = !((a[i] >= order || c[i] >= order) && (a[j] >= order || c[j] >= order));
                for (int e = 0; e < 4; e++) {
                    if (xs[e] >= order || ys[e] >= order) continue; /* ∞ has no differences */
                    int cl = diff_class(xs[e], ys[e]), q = 0;
                    while (q < tb.len && tb.cls[q] != cl) q++;
                    if (q == tb.len) {
                        tb.cls[q] = (uint8_t)cl;
                        tb.len++;
                    }
                    if (++tb.cnt[q] > need[cl]) ok = 0;
                }
                if (ok) tables[count++] = tb;
            }
        for (int i = 0; i < n; i++) freep[i] = 1;
        nodes = 0;
        depth = 0;
        int result = 0;
        Table *fixed = NULL;
        for (int t = 0; first && t < count; t++)
            if (tables[t].i == 0 && tables[t].j == 1) fixed = &tables[t];
        if (!first) {
            result = search(tables, count);
        } else if (fixed) { /* that table first, as seat_pairs(first=True) */
            Table tb = *fixed;
            freep[0] = freep[1] = 0;
            for (int q = 0; q < tb.len; q++) need[tb.cls[q]] -= tb.cnt[q];
            chosen[depth++] = tb;
            int rest = 0;
            for (int t = 0; t < count; t++) {
                Table *o = &tables[t];
                int fits = freep[o->i] && freep[o->j];
                for (int q = 0; fits && q < o->len; q++) fits = o->cnt[q] <= need[o->cls[q]];
                if (fits) tables[rest++] = *o;
            }
            result = search(tables, rest);
        }
        if (result == 1) {
            printf("found %lld", nodes);
            for (int d = 0; d < depth; d++) printf(" %d %d", chosen[d].i, chosen[d].j);
            printf("\n");
        } else {
            printf("%s %lld\n", result == 0 ? "none" : "unknown", nodes);
        }
        fflush(stdout);
        free(pool);
        free(tables);
    }
    return 0;
}
