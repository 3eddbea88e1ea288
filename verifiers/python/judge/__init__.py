"""One variant judged against its original's run (``variant``): the shared inputs, the behaviour
probes (``probes``), inputs outside the shared set (``extra_inputs``: the variant's own
constants, CrossHair's proposals from ``crosshair``), and its speed (``speed``)."""
