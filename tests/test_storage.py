"""storage: atomic writes, damaged files set aside, settings with defaults."""
from __future__ import annotations

import json

import pytest

from game import storage
from game.engine.match import NAME_MAX


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("GAME_SHELF_HOME", str(tmp_path))
    return tmp_path


def test_paths_live_under_the_app_folders(home):
    assert storage.settings_path() == home / "config" / "settings.json"
    assert storage.autosave_path() == home / "data" / "saves" / "autosave.json"
    assert storage.saves_dir().parent == home / "data"


def test_atomic_write_replaces_the_file_and_leaves_no_temp(tmp_path):
    path = tmp_path / "deep" / "folder" / "file.json"
    storage.write_json_atomic(path, {"a": 1})
    assert json.loads(path.read_text()) == {"a": 1}
    storage.write_json_atomic(path, {"a": 2, "name": "Skurðir"})
    assert json.loads(path.read_text(encoding="utf-8")) == {"a": 2, "name": "Skurðir"}
    assert sorted(p.name for p in path.parent.iterdir()) == ["file.json"]


def test_a_failed_write_keeps_the_old_file_and_no_temp(tmp_path):
    path = tmp_path / "file.json"
    storage.write_json_atomic(path, {"keep": True})
    with pytest.raises(TypeError):
        storage.write_json_atomic(path, {"bad": object()})  # not JSON-able, fails mid-write
    assert json.loads(path.read_text()) == {"keep": True}
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"]


def test_read_json_of_a_missing_file_is_none(tmp_path):
    assert storage.read_json(tmp_path / "nothing.json") is None


def test_damaged_json_is_set_aside(tmp_path):
    path = tmp_path / "save.json"
    path.write_text('{"half": ', encoding="utf-8")
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(path)
    moved = err.value.moved_to
    assert not path.exists()
    assert moved is not None and moved.read_text() == '{"half": '
    assert moved.name.startswith("save.json.damaged-")
    assert "save.json could not be read" in err.value.message and moved.name in err.value.message
    # a second damaged file with the same name gets its own place
    path.write_text("garbage")
    with pytest.raises(storage.DamagedFile) as again:
        storage.read_json(path)
    assert again.value.moved_to != moved and again.value.moved_to.exists() and moved.exists()


def test_a_file_the_validator_refuses_is_set_aside(tmp_path):
    path = tmp_path / "x.json"
    storage.write_json_atomic(path, [1, 2])

    def validate(data):
        raise ValueError("not what we wanted")

    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(path, validate)
    assert "not what we wanted" in err.value.message and not path.exists()


def test_settings_defaults_when_there_are_none():
    loaded = storage.load_settings()
    assert loaded.data == storage.DEFAULT_SETTINGS and loaded.message is None


def test_settings_round_trip():
    settings = dict(storage.DEFAULT_SETTINGS, fullscreen=True, window_size=[1600, 900], animation_speed="fast")
    storage.save_settings(settings)
    loaded = storage.load_settings()
    assert loaded.data == settings and loaded.message is None


def test_settings_missing_keys_take_defaults():
    storage.write_json_atomic(storage.settings_path(), {"fullscreen": True})
    loaded = storage.load_settings()
    assert loaded.data == dict(storage.DEFAULT_SETTINGS, fullscreen=True)


def test_damaged_settings_give_defaults_and_a_message():
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("{{{{")
    loaded = storage.load_settings()
    assert loaded.data == storage.DEFAULT_SETTINGS
    assert "settings.json could not be read" in loaded.message and "Default settings are used." in loaded.message
    assert not path.exists() and list(path.parent.glob("settings.json.damaged-*"))


@pytest.mark.parametrize(
    "bad",
    [
        {"window_size": [10, 10]},
        {"window_size": [1280]},
        {"window_size": "1280x800"},
        {"window_size": [1280.0, 800]},
        {"animation_speed": "warp"},
        {"fullscreen": "yes"},
        ["not", "an", "object"],
    ],
)
def test_bad_settings_are_rejected(bad):
    storage.write_json_atomic(storage.settings_path(), bad)
    loaded = storage.load_settings()
    assert loaded.data == storage.DEFAULT_SETTINGS
    assert loaded.message
    assert not storage.settings_path().exists()


# ---- damaged files that used to crash or freeze -----------------------------
def test_deeply_nested_json_is_set_aside_not_a_crash(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 1000 + "]" * 1000)
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(path)
    assert "nested too deeply" in err.value.message
    assert err.value.moved_to.read_text() == "[" * 1000 + "]" * 1000


def test_deeply_nested_settings_give_defaults():
    path = storage.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"a":' * 1000 + "1" + "}" * 1000)
    loaded = storage.load_settings()
    assert loaded.data == storage.DEFAULT_SETTINGS and "could not be read" in loaded.message


def test_a_file_over_the_size_limit_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    path = tmp_path / "huge.json"
    path.write_text('{"moves": [' + ", ".join(['"m a1"'] * 400_000) + "]}")
    assert path.stat().st_size > storage.MAX_SAVE_BYTES

    def no_parsing(*_args, **_kwargs):
        raise AssertionError("a file over the limit must not be parsed")

    monkeypatch.setattr(storage.json, "loads", no_parsing)
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(path)
    assert "far too large" in err.value.message and err.value.moved_to.exists()


def test_messages_are_plain_words_and_the_detail_goes_to_the_log(tmp_path):
    path = tmp_path / "save.json"
    path.write_bytes(b'{"game": "scurry", "x": \xff\xfe}')
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(path)
    assert "UnicodeDecodeError" not in err.value.message and "position" not in err.value.message
    assert "not a text file" in err.value.message
    path.write_text('{"half": ')
    with pytest.raises(storage.DamagedFile) as err:
        storage.read_json(path)
    assert "char" not in err.value.message and "line 1" not in err.value.message
    log = storage.log_path().read_text(encoding="utf-8")
    assert "UnicodeDecodeError" in log and "JSONDecodeError" in log and str(path) in log


@pytest.mark.parametrize(
    "bad",
    [
        {"player_names": 5},
        {"player_names": "Ann"},
        {"player_names": ["Ann", 7]},
        {"window_size": [10000, 10000]},
        {"window_size": [True, 800]},
        {"window_size": [-1280, 800]},
    ],
)
def test_every_settings_value_is_checked(bad):
    storage.write_json_atomic(storage.settings_path(), bad)
    loaded = storage.load_settings()
    assert loaded.data == storage.DEFAULT_SETTINGS and loaded.message
    assert list(storage.config_dir().glob("settings.json.damaged-*"))


def test_long_remembered_names_are_cut_when_read_and_unknown_keys_dropped():
    storage.write_json_atomic(storage.settings_path(), {"player_names": ["x" * 50_000] * 3 + ["Eva"] * 20,
                                                        "volume": 11})
    loaded = storage.load_settings()
    names = loaded.data["player_names"]
    assert loaded.message is None and "volume" not in loaded.data
    assert len(names) == storage.MAX_REMEMBERED_NAMES and all(len(n) <= NAME_MAX for n in names)


def test_settings_that_cannot_be_written_raise_oserror_for_the_app_to_report(monkeypatch):
    import errno
    import os

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage.os, "replace", full)
    with pytest.raises(OSError) as err:
        storage.save_settings(dict(storage.DEFAULT_SETTINGS))
    assert storage.write_problem(err.value) == "disk full"
