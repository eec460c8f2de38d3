import sys

from mutation.mutate import main

sys.exit(main())
