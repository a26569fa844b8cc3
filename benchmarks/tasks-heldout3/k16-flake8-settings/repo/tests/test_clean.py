from csvclean.clean import clean_text


def test_trims_and_drops_empty_rows():
    assert clean_text(" a , b \r\n,\r\nc,d\r\n") == "a,b\nc,d\n"
