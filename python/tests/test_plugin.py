"""The plugin as a user meets it: registered by the installed package, its fixtures in a test file."""
pytest_plugins = ["pytester"]


def test_the_plugin_is_registered_by_the_installed_package(pytester):
    pytester.makepyfile("""
        from touchhost.testing import assert_gesture

        def test_tap(touchhost_emulator):
            run = touchhost_emulator("kiosk-15", script="0ms tap 120 80\\n")
            run.play()
            assert_gesture(run, "tap", x=120.0, y=80.0, tolerance=3.0)

        def test_wrong(touchhost_emulator):
            run = touchhost_emulator("kiosk-15", script="0ms tap 120 80\\n")
            run.play()
            assert_gesture(run, "swipe")
    """)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*no 'swipe' gesture*gestures: tap recognized*"])
