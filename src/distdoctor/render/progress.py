"""Live progress while nodes gather: a status line on a terminal, timestamped lines in a log. Always on stderr."""

from __future__ import annotations

import time
from types import TracebackType

from rich.console import Console
from rich.status import Status
from rich.text import Text as RichText

from distdoctor.catalogue import Lang
from distdoctor.catalogue.entry import Text
from distdoctor.model.progress import (
    ConnectAttempt,
    Event,
    FrameDropped,
    Joined,
    Listening,
    MeshDone,
    MeshStarted,
    NodeArrived,
    StillMissing,
    Waiting,
)
from distdoctor.model.smoke import RankStep, RendezvousWaiting, SmokeEvent, SmokeLaunched, SmokeStopped
from distdoctor.render.safe import safe_text
from distdoctor.rules.stacks import ranks_text

# What a failed connect most likely means, said while retrying.
HINTS: dict[str, Text] = {
    "refused": Text("refused: nothing listening yet?", "被拒绝：对方还没开始监听？"),
    "timed-out": Text("timed out: packets dropped (firewall)?", "超时：数据包被丢弃（防火墙）？"),
    "no-route": Text("no route to host: wrong address or network?", "没有到主机的路由：地址或网络不对？"),
    "unresolved": Text("name does not resolve", "名字无法解析"),
    "foreign": Text(
        "answered, but not by distdoctor: another program holds the port?",
        "有应答但不是 distdoctor：端口被其他程序占用？",
    ),
    "error": Text("connect failed", "连接失败"),
}
# A log gets a "still missing" line this often, not every heartbeat.
LOG_EVERY_S = 5.0


class Progress:
    """An event sink for gather/; a context manager so a terminal's status line is removed at the end."""

    def __init__(self, lang: Lang, console: Console | None = None, title: str = "distdoctor check") -> None:
        self.lang = lang
        self.title = title
        self.console = console or Console(stderr=True, highlight=False)
        self.live = self.console.is_terminal
        self.status: Status | None = None
        self._last_log = 0.0
        self._lead_rank: int | None = None  # smoke: the one rank whose every step is shown

    def __enter__(self) -> Progress:
        if self.live:
            self.status = self.console.status(self.title)
            self.status.start()
        return self

    def __exit__(self, *exc: type[BaseException] | BaseException | TracebackType | None) -> None:
        if self.status:
            self.status.stop()

    def _t(self, en: str, zh: str) -> str:
        return zh if self.lang == "zh" else en

    def _line(self, text: str) -> None:
        # Events carry other nodes' words (host names, reasons, a rank's error): one clean line each.
        stamp = "" if self.live else time.strftime("[%H:%M:%S] ")
        self.console.print(f"{stamp}{safe_text(text, one_line=True)}", markup=False, soft_wrap=True)

    def _state(self, text: str, *, every: bool = True) -> None:
        """A passing state: the status line on a terminal; a log line (rate-limited unless `every`)."""
        if self.status:
            self.status.update(RichText(safe_text(text, one_line=True)))  # not markup: a host name may hold "["
        elif every or time.monotonic() - self._last_log >= LOG_EVERY_S:
            self._last_log = time.monotonic()
            self._line(text)

    def __call__(self, event: Event | SmokeEvent) -> None:
        t = self._t
        if isinstance(event, SmokeLaunched | RendezvousWaiting | RankStep | SmokeStopped):
            self._smoke(event)
            return
        if isinstance(event, Listening):
            self._line(
                t(
                    f"node_rank 0: listening on :{event.port} for {event.expected} nodes",
                    f"node_rank 0：在 :{event.port} 上等待 {event.expected} 个节点",
                )
            )
        elif isinstance(event, NodeArrived):
            rank = "?" if event.node_rank is None else event.node_rank
            self._line(
                t(
                    f"arrived: node_rank {rank} ({event.host}) from {event.address} — {event.arrived}/{event.expected}",
                    f"已到达：node_rank {rank}（{event.host}，来自 {event.address}）— {event.arrived}/{event.expected}",
                )
            )
        elif isinstance(event, StillMissing):
            self._state(
                t(
                    f"waiting for node_rank {ranks_text(event.missing)} ({event.elapsed_s:.0f}/{event.wait_s:.0f} s)",
                    f"等待 node_rank {ranks_text(event.missing)}（{event.elapsed_s:.0f}/{event.wait_s:.0f} 秒）",
                ),
                every=False,
            )
        elif isinstance(event, FrameDropped):
            self._line(
                t(
                    f"dropped a connection from {event.peer}: {event.reason}",
                    f"丢弃来自 {event.peer} 的连接：{event.reason}",
                )
            )
        elif isinstance(event, ConnectAttempt):
            hint = HINTS.get(event.outcome, HINTS["error"]).get(self.lang)
            self._state(
                t(
                    f"{event.host}:{event.port} {hint} (attempt {event.attempt}, {event.elapsed_s:.0f} s)",
                    f"{event.host}:{event.port} {hint}（第 {event.attempt} 次，{event.elapsed_s:.0f} 秒）",
                ),
                every=event.attempt == 1,
            )
        elif isinstance(event, Joined):
            self._line(
                t(
                    f"reached node_rank 0 at {event.host}:{event.port} after {event.elapsed_s:.1f} s",
                    f"已连上 node_rank 0（{event.host}:{event.port}），用时 {event.elapsed_s:.1f} 秒",
                )
            )
        elif isinstance(event, Waiting):
            if event.missing:
                has, missing = f"{event.arrived}/{event.expected}", ranks_text(event.missing)
                self._state(
                    t(
                        f"node_rank 0 has {has}; waiting for node_rank {missing}",
                        f"node_rank 0 已收到 {has}；还在等 node_rank {missing}",
                    ),
                    every=False,
                )
        elif isinstance(event, MeshStarted):
            self._line(
                t(
                    f"mesh: probing {event.pairs} pairs among {event.nodes} nodes",
                    f"连通性网格：在 {event.nodes} 个节点间探测 {event.pairs} 对",
                )
            )
        elif isinstance(event, MeshDone):
            self._line(
                t(
                    f"mesh: {event.probes} pairs probed, {event.failed} not clean, {event.elapsed_s:.2f} s",
                    f"连通性网格：探测 {event.probes} 对，{event.failed} 对异常，用时 {event.elapsed_s:.2f} 秒",
                )
            )

    def _smoke(self, event: SmokeEvent) -> None:
        t = self._t
        if isinstance(event, SmokeLaunched):
            self._line(t(f"starting: {event.command}", f"启动：{event.command}"))
        elif isinstance(event, RendezvousWaiting):
            missing = tuple(sorted(set(range(event.expected)) - set(event.seen)))
            if not event.store_reached:
                text = t(
                    f"rendezvous: reaching torchrun's store ({event.elapsed_s:.0f}/{event.timeout_s:.0f} s)",
                    f"rendezvous：正在连接 torchrun 的 store（{event.elapsed_s:.0f}/{event.timeout_s:.0f} 秒）",
                )
            elif missing:
                text = t(
                    f"rendezvous: waiting for node_rank {ranks_text(missing)} "
                    f"({event.elapsed_s:.0f}/{event.timeout_s:.0f} s)",
                    f"rendezvous：等待 node_rank {ranks_text(missing)}"
                    f"（{event.elapsed_s:.0f}/{event.timeout_s:.0f} 秒）",
                )
            else:
                text = t("rendezvous: every node is here; ranks starting", "rendezvous：所有节点已到齐，rank 正在启动")
            self._state(text, every=False)
        elif isinstance(event, RankStep):
            if self._lead_rank is None or event.rank < self._lead_rank:
                self._lead_rank = event.rank
            lead = event.rank == self._lead_rank
            if event.state == "start" and lead:
                self._state(t(f"rank {event.rank}: {event.step} …", f"rank {event.rank}：{event.step} …"), every=False)
            elif event.state == "failed":
                self._line(
                    t(
                        f"rank {event.rank}: {event.step} failed: {event.detail}",
                        f"rank {event.rank}：{event.step} 失败：{event.detail}",
                    )
                )
            elif lead and event.state == "ok" and event.step != "start":
                took = f" ({event.seconds:.2f} s)" if event.seconds is not None else ""
                self._state(
                    t(f"rank {event.rank}: {event.step} done{took}", f"rank {event.rank}：{event.step} 完成{took}"),
                    every=event.step == "init",  # the process group is up: worth a line of its own
                )
        elif isinstance(event, SmokeStopped):
            self._line(t(f"stopped: {event.reason}", f"已停止：{event.reason}"))
