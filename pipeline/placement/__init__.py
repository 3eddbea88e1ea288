"""Where work runs, in one place: the Dask cluster (``cluster``, ``local_cluster``), each seed's
killable child process (``seed_process``) and the worker that holds the model
(``model_worker``). The steps themselves (``pipeline/steps``) know nothing of it."""
