"""GitHub Actions workflow commands as the runner reads them from a step's log, after
github.com/actions/runner: src/Runner.Common/ActionCommand.cs (TryParseV2 for `::name
props::data`, TryParse for the legacy `##[name props]data`) and src/Runner.Worker/
ActionCommandManager.cs (`::stop-commands::TOKEN` turns processing off until `::TOKEN::`).
Used to prove that nothing Flipbook prints from a scene, a golden or a report becomes a command."""

import re

REGISTERED = {"error", "warning", "notice", "debug", "set-output", "set-env", "add-path", "add-mask", "stop-commands",
              "group", "endgroup", "echo", "save-state", "add-matcher", "remove-matcher", "internal-set-repo-path"}


def _unescape(s, mappings):
    for token, replacement in mappings:
        s = s.replace(replacement, token)
    return s


DATA = [("\r", "%0D"), ("\n", "%0A"), ("%", "%25")]
PROPERTY = [("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("%", "%25")]
V1 = [(";", "%3B"), ("\r", "%0D"), ("\n", "%0A"), ("]", "%5D"), ("%", "%25")]


def _properties(text, separator, mappings):
    """key=value pairs split at `separator`, empty parts dropped, as the runner splits them."""
    props = {}
    for prop in [p for p in text.split(separator) if p]:
        pair = [x for x in prop.split("=", 1) if x]
        if len(pair) == 2:
            props[pair[0]] = _unescape(pair[1], mappings)
    return props


def parse_v2(line):
    message = line.lstrip()
    if not message.startswith("::"):
        return None
    end = message.find("::", 2)
    if end < 0:
        return None
    info = message[2:end]
    space = info.find(" ")
    name = info if space < 0 else info[:space]
    if name not in REGISTERED:
        return None
    props = _properties(info[space + 1:].strip(), ",", PROPERTY) if space > 0 else {}
    return name, props, _unescape(message[end + 2:], DATA)


def parse_v1(line):
    prefix = line.find("##[")
    if prefix < 0:
        return None
    rb = line.find("]", prefix)
    if rb < 0:
        return None
    info = line[prefix + 3:rb]
    space = info.find(" ")
    name = info if space < 0 else info[:space]
    if name not in REGISTERED:
        return None
    props = _properties(info[space + 1:], ";", V1) if space > 0 else {}
    return name, props, _unescape(line[rb + 1:], V1)


def commands(log):
    """The commands the runner would carry out for `log` (its lines as a step prints them,
    split as .NET's ReadLine splits: at LF, CR or CR LF), including stop-commands, which turn
    processing off until its token comes back."""
    out, stopped = [], None
    for line in re.split(r"\r\n|\r|\n", log):
        if stopped is not None:
            if line.strip() == f"::{stopped}::":
                stopped = None
            continue
        c = parse_v2(line) or parse_v1(line)
        if c is None:
            continue
        if c[0] == "stop-commands":
            stopped = c[2]
        out.append(c)
    return out
