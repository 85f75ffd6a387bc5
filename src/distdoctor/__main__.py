"""`python -m distdoctor`."""

from distdoctor.cli import main

if __name__ == "__main__":
    main()
