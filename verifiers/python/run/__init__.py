"""The original's side, once per original: its inputs generated and run in the sandbox
(``program``: one program fed many inputs), the scale ladders climbed (``climb``), the run
repeated under the second hash seed, the probes planned and run (``original``). The result is
an ``OriginalRun`` (``reference``), what every variant is judged on."""
