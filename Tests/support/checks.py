"""A pass/fail counter for the Python checks `make test` runs; the last line it prints is the
"N passed, M failed" line CI reads."""
import sys, threading


class Checks:
    def __init__(self, name):
        self.name, self.passed, self.failed = name, 0, 0
        self.lock = threading.Lock()  # checks may run on several threads

    def __call__(self, ok, what):
        with self.lock:
            if ok:
                self.passed += 1
            else:
                self.failed += 1
                print("FAIL:", what, flush=True)

    def finish(self):
        print(f"{self.name}: {self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)


# What marks a CI job (Flipbook's CIEnvironment: CI and each runner's own variable); checks that
# record goldens or expect a local run drop them, so they pass inside any CI as on a desk.
CI_VARIABLES = ("CI", "GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "TF_BUILD", "GITLAB_CI", "CIRCLECI", "TRAVIS", "BITBUCKET_BUILD_NUMBER",
                "JENKINS_URL", "BUILDKITE", "TEAMCITY_VERSION")


def local_environment():
    import os
    return {k: v for k, v in os.environ.items() if k not in CI_VARIABLES}
