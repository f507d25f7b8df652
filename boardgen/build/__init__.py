"""``boardgen build``: the list of steps that write every board, booklet and diagram (``steps``)."""
