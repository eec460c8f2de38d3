from math_utils import add, subtract


def main():
    print("2 + 3 =", add(2, 3))
    print("5 - 2 =", subtract(5, 2))


if __name__ == "__main__":
    main()
