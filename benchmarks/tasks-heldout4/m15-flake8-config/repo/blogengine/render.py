import html


def render_post(post):
    paragraphs = [p.strip() for p in post.body.split("\n\n") if p.strip()]
    body = "\n".join("<p>%s</p>" % html.escape(p) for p in paragraphs)
    return "<article><h1>%s</h1>\n<time>%s</time>\n%s</article>" % (
        html.escape(post.title), post.published.isoformat(), body)
