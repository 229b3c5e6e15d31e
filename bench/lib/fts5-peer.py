"""The corpus search's peer: the generated cues in SQLite FTS5, kept as yt-fts keeps transcripts.

build DB     reads videos as JSON lines on stdin ({"videoId", "cues": [{"start", "duration", "text"}]}, in
             collection order), writes DB (rowid = collection order), prints the load report as JSON.
probe DB     reads {"probes": [{"key", "match"}], "warmUp", "runs", "limit", "neighbours"} on stdin, times each
             probe's first page (with the neighbouring cues' text) and exact total, prints the timings as JSON.
"""

import json
import os
import sqlite3
import sys
import time

SCHEMA = """
CREATE TABLE cues(id INTEGER PRIMARY KEY, video_id TEXT NOT NULL, seq INTEGER NOT NULL,
                  start REAL NOT NULL, duration REAL NOT NULL, text TEXT NOT NULL);
CREATE VIRTUAL TABLE cues_fts USING fts5(text, content='cues', content_rowid='id',
                                         tokenize='porter unicode61');
"""

# The first page in rowid (collection) order; each hit's neighbours within its video, read by rowid, as the
# product's string_agg reads them by (track, seq). A rowid range is scanned in rowid order: group_concat keeps it.
PAGE = """
WITH h AS (SELECT rowid AS id, highlight(cues_fts, 0, char(1), char(2)) AS marked
           FROM cues_fts WHERE cues_fts MATCH :q ORDER BY rowid LIMIT :limit)
SELECT c.video_id, c.seq, c.start, c.duration, c.text, h.marked,
  (SELECT group_concat(p.text, ' ') FROM cues p
    WHERE p.id BETWEEN c.id - :n AND c.id - 1 AND p.video_id = c.video_id) AS prev_text,
  (SELECT group_concat(x.text, ' ') FROM cues x
    WHERE x.id BETWEEN c.id + 1 AND c.id + :n AND x.video_id = c.video_id) AS next_text
FROM h JOIN cues c ON c.id = h.id ORDER BY c.id
"""
COUNT = "SELECT count(*) FROM cues_fts WHERE cues_fts MATCH :q"


def ms_since(t0):
    return (time.perf_counter() - t0) * 1000


def build(path):
    partial = path + ".partial"
    if os.path.exists(partial):
        os.remove(partial)
    db = sqlite3.connect(partial)
    db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;" + SCHEMA)
    videos = cues = 0
    t0 = time.perf_counter()
    for line in sys.stdin:
        video = json.loads(line)
        rows = [(video["videoId"], seq, c["start"], c["duration"], c["text"]) for seq, c in enumerate(video["cues"])]
        db.executemany("INSERT INTO cues(video_id, seq, start, duration, text) VALUES (?, ?, ?, ?, ?)", rows)
        videos += 1
        cues += len(rows)
    db.commit()
    insert_ms = ms_since(t0)
    t0 = time.perf_counter()
    # Built once after the load, as the GIN index is: one pass over the content table.
    db.execute("INSERT INTO cues_fts(cues_fts) VALUES('rebuild')")
    db.execute("INSERT INTO cues_fts(cues_fts) VALUES('optimize')")
    db.commit()
    index_ms = ms_since(t0)
    db.close()
    os.replace(partial, path)
    report = {"videos": videos, "cues": cues, "insertMs": insert_ms, "indexMs": index_ms,
              "sizeBytes": os.path.getsize(path)}
    print(json.dumps(report))


def answer(db, q, limit, n, page_ms, count_ms):
    t0 = time.perf_counter()
    rows = db.execute(PAGE, {"q": q, "limit": limit, "n": n}).fetchall()
    t1 = time.perf_counter()
    total = db.execute(COUNT, {"q": q}).fetchone()[0]
    t2 = time.perf_counter()
    page_ms.append((t1 - t0) * 1000)
    count_ms.append((t2 - t1) * 1000)
    return rows, total


def probe(path):
    ask = json.load(sys.stdin)
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    out = []
    for p in ask["probes"]:
        page_ms, count_ms, answer_ms, first = [], [], [], None
        for run in range(-ask["warmUp"], ask["runs"]):
            pages, counts = [], []
            rows, total = answer(db, p["match"], ask["limit"], ask["neighbours"], pages, counts)
            if run >= 0:
                page_ms += pages
                count_ms += counts
                answer_ms.append(pages[0] + counts[0])
            elif first is None:
                first = pages[0] + counts[0]
        page = [{"videoId": r[0], "seq": r[1], "start": r[2], "duration": r[3], "text": r[4], "marked": r[5],
                 "prev": r[6], "next": r[7]} for r in rows]
        out.append({"key": p["key"], "match": p["match"], "pageMs": page_ms, "countMs": count_ms,
                    "answerMs": answer_ms, "firstAnswerMs": first, "total": total, "page": page})
    db.close()
    print(json.dumps({"sqlite": sqlite3.sqlite_version, "probes": out}))


if __name__ == "__main__":
    {"build": build, "probe": probe}[sys.argv[1]](sys.argv[2])
