from .normal import NormalBot


class HardBot(NormalBot):
    level = "hard"

    def __init__(self, seed=0, **options):
        super().__init__(seed)
