"""hang/cgroup.py on this machine's real /proc and cgroup files, and on recorded cgroup v2 text."""

from __future__ import annotations

import os
import signal
import time

from distdoctor.hang.cgroup import MemoryCgroup, baseline, counter, memory_cgroup, wait_status, zombie_status

# cgroup v2 memory.events of a container whose rank the OOM killer ended (the kernel's format,
# Documentation/admin-guide/cgroup-v2.rst).
V2_EVENTS = "low 0\nhigh 0\nmax 412\noom 3\noom_kill 1\noom_group_kill 0\n"
# cgroup v1 memory.oom_control, read on this machine after a kill.
V1_CONTROL = "oom_kill_disable 0\nunder_oom 0\noom_kill 1\n"


def test_the_oom_kill_counter_is_read_from_either_version() -> None:
    assert counter(V2_EVENTS, "oom_kill") == 1
    assert counter(V1_CONTROL, "oom_kill") == 1
    assert counter("oom_kill_disable 0\n", "oom_kill") is None


def test_this_process_memory_cgroup_is_found() -> None:
    found = memory_cgroup(os.getpid())
    if found is None:  # no memory controller mounted (a container without cgroup access)
        assert not os.path.exists("/sys/fs/cgroup/memory") or not os.access("/sys/fs/cgroup/memory", os.R_OK)
        return
    assert os.path.isdir(found.path) and found.oom_kills >= 0 and found.version in (1, 2)


def test_a_zombie_exit_status_is_read_before_its_parent_reaps_it() -> None:
    for how, expected in (("exit", (3, None)), ("kill", (None, signal.SIGKILL))):
        pid = os.fork()
        if pid == 0:
            if how == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            os._exit(3)
        time.sleep(0.3)  # not reaped: a zombie
        try:
            assert wait_status(zombie_status(pid)) == expected
        finally:
            os.waitpid(pid, 0)
    assert zombie_status(os.getpid()) is None  # not a zombie


def test_the_baseline_is_the_first_reading_in_the_rank_s_current_cgroup() -> None:
    start = MemoryCgroup("/sys/fs/cgroup/memory/job", 1, None, 0)
    moved = MemoryCgroup("/sys/fs/cgroup/memory/job/rank1", 1, 700 << 20, 0)
    # Read again while the victim still frees its memory: the kill is already counted.
    after_kill = MemoryCgroup("/sys/fs/cgroup/memory/job/rank1", 1, 700 << 20, 1)
    assert baseline(None, start) == start
    assert baseline(start, moved) == moved
    assert baseline(moved, after_kill) == moved
    assert baseline(moved, None) == moved  # /proc/<pid>/cgroup gone with the process


def test_an_exited_process_has_no_memory_cgroup_to_read() -> None:
    # the kernel moves an exiting process to the root cgroup: a zombie's file would name the root, and a rank's death
    # would be compared with the root's OOM count instead of its own cgroup's
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    time.sleep(0.3)  # not reaped: a zombie
    try:
        with open(f"/proc/{pid}/stat") as f:
            assert f.read().rsplit(")", 1)[1].split()[0] == "Z"
        assert memory_cgroup(pid) is None
    finally:
        os.waitpid(pid, 0)
    assert memory_cgroup(pid) is None  # and gone
