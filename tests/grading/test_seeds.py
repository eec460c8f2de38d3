"""The graded seed of a lab's properties (agentcourse.grading.seeds): secret, per lab, kept
for re-grades, and given to graded kernels without the secret."""

import os

from agentcourse.course import props
from agentcourse.grading import seeds


def test_a_lab_seed_is_secret_per_lab_and_kept_for_regrades(tmp_path, monkeypatch):
    monkeypatch.delenv(seeds.ENV_SECRET, raising=False)
    secret = seeds.grading_secret(tmp_path)
    assert seeds.grading_secret(tmp_path) == secret  # a re-grade reads the same one
    assert (tmp_path / ".grading" / "property-secret").stat().st_mode & 0o077 == 0
    assert seeds.lab_seed(secret, "lab03") == seeds.lab_seed(secret, "lab03")
    assert seeds.lab_seed(secret, "lab03") != seeds.lab_seed(secret, "lab04")
    assert seeds.lab_seed(secret, "lab03") != seeds.lab_seed("another course", "lab03")
    monkeypatch.setenv(seeds.ENV_SECRET, "shared")
    assert seeds.grading_secret(tmp_path) == "shared"
    env = seeds.kernel_environment("shared", "lab03")
    assert env[props.ENV_SEED] == str(seeds.lab_seed("shared", "lab03"))
    assert int(env[props.ENV_EXAMPLES]) > props.PUBLIC.examples
    assert "shared" not in env.values()


def test_graded_kernels_get_the_seed_but_never_the_secret(tmp_path, monkeypatch):
    from agentcourse.grading.sandbox import bwrap

    monkeypatch.setenv(props.ENV_SEED, "99")
    monkeypatch.setenv(props.ENV_EXAMPLES, "60")
    monkeypatch.setenv(seeds.ENV_SECRET, "do-not-leak")
    (tmp_path / "run").mkdir()
    (tmp_path / "sub").mkdir()
    argv = bwrap.sandbox_argv(tmp_path, tmp_path / "sub", "sub", [], bwrap.SandboxLimits(), None)
    pairs = {argv[i + 1]: argv[i + 2] for i, part in enumerate(argv) if part == "--setenv"}
    assert pairs[props.ENV_SEED] == "99" and pairs[props.ENV_EXAMPLES] == "60"
    assert not any("do-not-leak" in part for part in argv)


def test_the_grader_sets_the_labs_seed_for_every_kernel_it_starts(tmp_path, monkeypatch):
    from agentcourse.grading.sandbox import confine

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(props.ENV_SEED, "0")  # so that both are put back as they were
    monkeypatch.setenv(props.ENV_EXAMPLES, "1")
    confine._set_property_seed({"nbgrader": {"assignment": "lab05"}}, "term secret")
    assert os.environ[props.ENV_SEED] == str(seeds.lab_seed("term secret", "lab05"))
    assert props.current().examples == props.GRADED_EXAMPLES
    confine._set_property_seed({"nbgrader": {"assignment": "lab05"}}, "")  # plain nbgrader: the course's own
    assert os.environ[props.ENV_SEED] == str(seeds.lab_seed(seeds.grading_secret(tmp_path), "lab05"))
