"""Findings of `check --hosts`: what the login node saw reaching every node over ssh."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text

FANOUT: tuple[Entry, ...] = (
    Entry(
        "ssh-unreachable",
        "error",
        "fanout",
        Text("{host} could not be reached over ssh: {error}", "无法通过 ssh 连接 {host}：{error}"),
        Text(
            "From this login node, `ssh -o BatchMode=yes {host} true` must work without a prompt: the host is up, "
            "sshd listens on its port and the firewall lets it through, and your key is accepted.",
            "在登录节点上，`ssh -o BatchMode=yes {host} true` 必须无需交互即可成功：主机在线，sshd 在监听且防火墙放行"
            "该端口，并且你的密钥被接受。",
        ),
    ),
    Entry(
        "ssh-remote-failed",
        "error",
        "fanout",
        Text(
            "ssh reached {host}, but `{command}` there gave no report (exit {code}): {error}",
            "ssh 已连上 {host}，但那里的 `{command}` 没有给出报告（退出码 {code}）：{error}",
        ),
        Text(
            "Install distdoctor on every node (the same version), or point --remote-command at it, e.g. "
            "--remote-command /path/to/venv/bin/distdoctor.",
            "在每个节点上安装同一版本的 distdoctor，或用 --remote-command 指定它的位置，例如 "
            "--remote-command /path/to/venv/bin/distdoctor。",
        ),
    ),
)
