"""The sheet pinned over the bench for each batch of soap."""

# grams of sodium hydroxide to saponify one gram of each oil
SAP = {"olive": 0.134, "coconut": 0.178, "shea": 0.128, "castor": 0.128,
       "cocoa butter": 0.137, "sunflower": 0.134}
WATER_PER_LYE = 2.3


def lye_grams(oils, superfat=5):
    """Lye for a dict of oil name -> grams, less the superfat percentage."""
    return sum(SAP[name] * grams for name, grams in oils.items()) * (1 - superfat / 100)


def sheet(oils, superfat=5):
    """Lines for the batch sheet: each oil with its share, then lye and water."""
    total = sum(oils.values())
    lye = lye_grams(oils, superfat)
    lines = ["%s: %s g (%s%%)" % (name, grams, grams / total * 100)
             for name, grams in oils.items()]
    lines.append("total oils: %s g" % total)
    lines.append("lye: %s g" % lye)
    lines.append("water: %s g" % (lye * WATER_PER_LYE))
    return lines


if __name__ == "__main__":
    print("\n".join(sheet({"olive": 515, "coconut": 230, "shea": 120, "castor": 35})))
