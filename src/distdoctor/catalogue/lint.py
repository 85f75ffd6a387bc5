"""Findings about a launch command itself, before anything runs."""

from __future__ import annotations

from distdoctor.catalogue.entry import Entry, Text, Variant

LINT: tuple[Entry, ...] = (
    Entry(
        "launch-deprecated",
        "warning",
        "lint",
        Text(
            "{launcher} is deprecated and will be removed; torchrun replaces it",
            "{launcher} 已被弃用并将被移除，请改用 torchrun",
        ),
        Text("Launch with: {torchrun}", "改用：{torchrun}"),
    ),
    Entry(
        "local-rank-arg",
        "error",
        "lint",
        Text(
            "{script} accepts {flag_class}, but {launcher} passes {passed_class}",
            "{script} 接受的是 {flag_class}，但 {launcher} 传入的是 {passed_class}",
        ),
        Text(
            "Read the local rank from the environment, int(os.environ['LOCAL_RANK']), which torchrun and "
            "launch --use-env both set, and drop the argument.",
            "从环境变量读取本地 rank：int(os.environ['LOCAL_RANK'])（torchrun 和 launch --use-env 都会设置它），"
            "并去掉这个参数。",
        ),
        variants=(
            Variant(
                "flag-not-passed",
                "warning",
                "the script declares --local-rank but the launcher hands the rank over in LOCAL_RANK only: it runs "
                "if the flag is optional",
            ),
        ),
    ),
    Entry(
        "launch-flags-differ",
        "warning",
        "lint",
        Text("The nodes' commands differ in {what}: {detail}", "各节点的启动命令在 {what} 上不一致：{detail}"),
        Text(
            "Start every node with the same command except --node-rank; differing flags are how nodes end up "
            "in different jobs.",
            "除 --node-rank 外，所有节点使用完全相同的命令；参数不一致往往会让各节点进入不同的作业。",
        ),
    ),
    Entry(
        "launch-node-rank-gap",
        "error",
        "lint",
        Text(
            "nnodes is {nnodes} but no command has node_rank {missing}",
            "nnodes 为 {nnodes}，但没有任何命令使用 node_rank {missing}",
        ),
        Text(
            "Give the nodes node_rank 0 to {last}, each exactly once; node 0 waits for the missing ones until it "
            "times out.",
            "给各节点分配 node_rank 0 到 {last}，每个值恰好一次；否则 node 0 会一直等待缺席的节点直到超时。",
        ),
    ),
    Entry(
        "launch-node-rank-missing",
        "error",
        "lint",
        Text(
            "A static launch across {nnodes} nodes without --node-rank: every node takes node_rank 0",
            "跨 {nnodes} 个节点的静态启动没有指定 --node-rank：每个节点都会取 node_rank 0",
        ),
        Text(
            "Pass --node-rank (0 to {last}, one per node; $SLURM_NODEID under Slurm), or use "
            "--rdzv-backend c10d, which assigns ranks itself.",
            "传入 --node-rank（0 到 {last}，每个节点一个；Slurm 下用 $SLURM_NODEID），"
            "或者使用 --rdzv-backend c10d，由它自动分配。",
        ),
        variants=(
            Variant(
                "single-command",
                "warning",
                "one command alone: its node_rank may still come from PET_NODE_RANK on each node",
            ),
        ),
    ),
)
