"""Every block type of the builder (editor §2 Page builder, §3 Builder block settings) with its settings and
their defaults. A block is `{id, type, style, …settings}`; its id is the editor's own (unique on its page)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, StringConstraints, field_validator
from pydantic import Strict as PStrict

from domain.builder.style import (
    CENTERED,
    Closed,
    Color,
    Flag,
    Label,
    Link,
    Media,
    Style,
    Text,
    Title,
)

BlockId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
ProductRef = Annotated[int, PStrict(), Field(ge=1, le=2**53)]
MENU_MAX = 12
TESTIMONIALS_MAX = 30
FIELDS_MAX = 12


class BlockType(StrEnum):
    header = "header"
    banner = "banner"
    text = "text"
    button = "button"
    picture = "picture"
    audio_player = "audio_player"
    video = "video"
    file = "file"
    file_pdf = "file_pdf"
    membership_products = "membership_products"
    seller_products = "seller_products"
    popular_products = "popular_products"
    product = "product"
    testimonials = "testimonials"
    gap = "gap"
    footer = "footer"
    affiliate = "affiliate"
    contact_form = "contact_form"
    conversion_tools = "conversion_tools"
    thank_you_page = "thank_you_page"
    funnel = "funnel"
    funnel_product = "funnel_product"


class View(StrEnum):
    """Display types (editor §3): how a block shows its items."""

    grid = "grid"
    list = "list"
    slider = "slider"
    button = "button"
    text = "text"
    countdown = "countdown"
    modal = "modal"
    progress_bar = "progressBar"


class SortKey(StrEnum):
    """Product sort options (editor §3), and the newest first."""

    created_at = "created_at"
    total_views = "total_views"
    total_purchases = "total_purchases"
    recent_purchase = "recent_purchase"


class SortDir(StrEnum):
    asc = "asc"
    desc = "desc"


class CategoryView(StrEnum):
    tabs = "tabs"
    dropdown = "dropdown"


class LinkType(StrEnum):
    custom = "custom"  # any address
    page = "page"  # one of the shop's pages, by its path
    product = "product"  # one of the shop's products


class SubMenuItem(Closed):
    name: Label
    url: Link
    link_type: LinkType = LinkType.custom


class MenuItem(Closed):
    name: Label
    url: Link
    link_type: LinkType = LinkType.custom
    submenu: Annotated[list[SubMenuItem], Field(max_length=MENU_MAX)] = []


class Socials(Closed):
    """The networks a header or footer links to (editor §3); an empty one is not shown."""

    website: Link | None = None
    facebook: Link | None = None
    instagram: Link | None = None
    twitter: Link | None = None
    youtube: Link | None = None
    tumblr: Link | None = None
    pinterest: Link | None = None
    linkedin: Link | None = None
    xing: Link | None = None
    tiktok: Link | None = None


class _Block(Closed):
    id: BlockId
    style: Style = Style()


class HeaderBlock(_Block):
    type: Literal["header"] = "header"
    style: Style = Style(padding_top=12, padding_bottom=12)
    logo: Media | None = None
    show_shop_name: Flag = True
    menu_list: Annotated[list[MenuItem], Field(max_length=MENU_MAX)] = []
    socials: Socials = Socials()
    language_switcher: Flag = True
    sharing_options: Flag = False
    my_account_switcher: Flag = True
    sticky_header: Flag = False
    show_cancel_subscription: Flag = False


class BannerBlock(_Block):
    type: Literal["banner"] = "banner"
    style: Style = Style(
        horizontal_alignment=CENTERED.horizontal_alignment, padding_top=80, padding_bottom=80
    )
    title_text: Title = ""
    additional_text: Text = ""
    background_image: Media | None = None
    show_button: Flag = True
    button_text: Label = ""
    button_link: Link | None = None


class PageTextBlock(_Block):
    type: Literal["text"] = "text"
    title: Title = ""
    text: Text = ""


class ButtonType(StrEnum):
    buy = "buy"
    details = "details"
    custom_link = "customLink"
    individual_link = "individualLink"
    download_file = "downloadFile"
    lesson_link = "lessonLink"


class ButtonBlock(_Block):
    type: Literal["button"] = "button"
    style: Style = CENTERED
    text: Label = ""
    button_type: ButtonType = ButtonType.custom_link
    product_id: ProductRef | None = None  # buy and details
    url: Link | None = None  # customLink, individualLink, downloadFile, lessonLink
    button_open_in_current_link: Flag = True


class PictureBlock(_Block):
    type: Literal["picture"] = "picture"
    style: Style = CENTERED
    src: Media | None = None
    alt: Label = ""
    link: Link | None = None


class AudioPlayerBlock(_Block):
    type: Literal["audio_player"] = "audio_player"
    title: Title = ""
    src: Media | None = None


class VideoType(StrEnum):
    elopage = "elopage"  # a video file the seller hosts (an address of theirs or on this shop)
    vimeo = "vimeo"


class VideoBlock(_Block):
    type: Literal["video"] = "video"
    style: Style = CENTERED
    video_type: VideoType = VideoType.elopage
    src: Media | None = None
    player_color: Color = "#1976d2"
    playbar_disabled: Flag = False


class DownloadFile(StrEnum):
    display = "display"
    hide = "hide"


class PageFileBlock(_Block):
    type: Literal["file"] = "file"
    title: Title = ""
    src: Media | None = None
    download_file: DownloadFile = DownloadFile.display


class FilePdfBlock(_Block):
    type: Literal["file_pdf"] = "file_pdf"
    title: Title = ""
    src: Media | None = None
    download_file: DownloadFile = DownloadFile.display


class SellerProductsBlock(_Block):
    type: Literal["seller_products"] = "seller_products"
    title: Title = ""
    view: Literal[View.grid, View.list] = View.grid
    items_per_page: Annotated[int, PStrict(), Field(ge=1, le=60)] = 12
    show_all_products: Flag = True
    product_ids: Annotated[list[ProductRef], Field(max_length=200)] = []  # when not all: these, in this order
    sort_key: SortKey = SortKey.created_at
    sort_dir: SortDir = SortDir.desc
    category_view: CategoryView = CategoryView.tabs
    show_price: Flag = True


class MembershipProductsBlock(_Block):
    type: Literal["membership_products"] = "membership_products"
    title: Title = ""
    view: Literal[View.grid, View.list] = View.grid


class PaymentOption(StrEnum):
    autopay = "autopay"  # bought in one click with the buyer's saved card where the shop knows them
    checkout = "checkout"  # to the product's checkout


class PopularProductsBlock(_Block):
    type: Literal["popular_products"] = "popular_products"
    title: Title = ""
    view: Literal[View.slider, View.grid, View.list] = View.slider
    items_per_slide: Annotated[int, PStrict(), Field(ge=1, le=6)] = 3
    count: Annotated[int, PStrict(), Field(ge=1, le=24)] = 6
    button_type: Literal[ButtonType.buy, ButtonType.details] = ButtonType.details
    payment_option: PaymentOption = PaymentOption.checkout
    show_price: Flag = True


class ProductBlock(_Block):
    type: Literal["product"] = "product"
    product_id: ProductRef | None = None  # none: the product the page is opened for
    show_cover: Flag = True
    show_description: Flag = True
    button_text: Label = ""


class Testimonial(Closed):
    id: BlockId
    avatar: Media | None = None
    full_name: Label
    text: Text


class TestimonialsBlock(_Block):
    type: Literal["testimonials"] = "testimonials"
    title: Title = ""
    view: Literal[View.grid, View.list, View.slider] = View.grid
    testimonials: Annotated[list[Testimonial], Field(max_length=TESTIMONIALS_MAX)] = []  # editor §3 'list'


class GapBlock(_Block):
    type: Literal["gap"] = "gap"
    style: Style = Style(padding_top=0, padding_bottom=0)
    height: Annotated[int, PStrict(), Field(ge=0, le=800)] = 40


class FooterBlock(_Block):
    type: Literal["footer"] = "footer"
    style: Style = Style(
        background_color="#1d1d1f", text_color="#ffffff", horizontal_alignment=CENTERED.horizontal_alignment
    )
    menu_list: Annotated[list[MenuItem], Field(max_length=MENU_MAX)] = []
    socials_title: Label = ""
    socials_is_shown: Flag = True
    socials: Socials = Socials()
    show_legal_links: Flag = True  # the cancellation terms and the imprint


class AffiliateBlock(_Block):
    type: Literal["affiliate"] = "affiliate"
    view: Literal[View.text, View.button] = View.text
    text: Text = ""


class FieldKey(StrEnum):
    first_name = "first_name"
    last_name = "last_name"
    email = "email"
    birthday = "birthday"
    street = "street"
    zip = "zip"
    country_code = "country_code"
    phone = "phone"
    custom = "custom"


class FieldType(StrEnum):
    text = "text"
    textarea = "textarea"


class FormField(Closed):
    key: FieldKey
    label: Label = ""  # empty: the field's own name in the buyer's language
    field_type: FieldType = FieldType.text
    required: Flag = False


DEFAULT_FORM_FIELDS = [
    FormField(key=FieldKey.first_name, required=True),
    FormField(key=FieldKey.last_name),
    FormField(key=FieldKey.email),
]


class ContactFormBlock(_Block):
    type: Literal["contact_form"] = "contact_form"
    form_name: Label = ""
    title_text: Title = ""
    description_text: Text = ""
    fields: Annotated[list[FormField], Field(min_length=1, max_length=FIELDS_MAX)] = DEFAULT_FORM_FIELDS
    button_text: Label = ""

    @field_validator("fields")
    @classmethod
    def _one_of_each(cls, v: list[FormField]) -> list[FormField]:
        keys = [f.key for f in v if f.key != FieldKey.custom]
        if len(keys) != len(set(keys)):
            raise ValueError("each field once (custom fields aside)")
        if not any(f.key == FieldKey.email for f in v):
            raise ValueError("an email field, so the seller can answer")
        return v


class CountdownType(StrEnum):
    counter = "counter"  # counts a number up or down by a step (places left, people watching)
    countdown = "countdown"  # the time left until a moment


class CountdownUnit(StrEnum):
    days = "d"
    hours = "h"
    minutes = "m"
    seconds = "s"


class CountingDirection(StrEnum):
    up = "up"
    down = "down"


class ProgressBarStyle(StrEnum):
    loading = "loading"
    bordered = "bordered"
    sections = "sections"
    circle = "circle"
    filled_circle = "filledCircle"
    half_circle = "halfCircle"
    pie_circle = "pieCircle"


class ImageStyle(StrEnum):
    small_image = "smallImage"
    background = "background"


class ConversionToolsBlock(_Block):
    type: Literal["conversion_tools"] = "conversion_tools"
    style: Style = CENTERED
    view: Literal[View.countdown, View.progress_bar, View.modal] = View.countdown
    title_text: Title = ""
    text: Text = ""
    countdown_type: CountdownType = CountdownType.countdown
    countdown_ends_at: datetime | None = None  # a countdown's moment
    countdown_units: Annotated[list[CountdownUnit], Field(min_length=1, max_length=4)] = [
        CountdownUnit.days,
        CountdownUnit.hours,
        CountdownUnit.minutes,
        CountdownUnit.seconds,
    ]
    countdown_number: Annotated[int, PStrict(), Field(ge=0, le=1_000_000)] = 100  # a counter's start
    countdown_step: Annotated[int, PStrict(), Field(ge=1, le=1000)] = 1
    counting_direction: CountingDirection = CountingDirection.down
    progress_bar_style: ProgressBarStyle = ProgressBarStyle.loading
    progress_bar_value: Annotated[int, PStrict(), Field(ge=0, le=100)] = 70
    open_modal_after: Annotated[int, PStrict(), Field(ge=0, le=600)] = 5  # seconds after the page opens
    modal_padding: Annotated[int, PStrict(), Field(ge=0, le=200)] = 24
    image: Media | None = None
    image_style: ImageStyle = ImageStyle.small_image
    button_text: Label = ""
    button_link: Link | None = None


class ThankYouPageBlock(_Block):
    type: Literal["thank_you_page"] = "thank_you_page"
    title_text: Title = ""
    text: Text = ""


class FunnelType(StrEnum):
    accept = "accept"  # takes the offer: one click, charged off-session
    decline = "decline"  # declines it and goes on


class FunnelBlock(_Block):
    type: Literal["funnel"] = "funnel"
    style: Style = CENTERED
    funnel_type: FunnelType = FunnelType.accept
    view: Literal[View.button, View.text] = View.button
    button_text: Label = ""


class FunnelProductBlock(_Block):
    type: Literal["funnel_product"] = "funnel_product"
    product_id: ProductRef | None = None  # the offer; none: the funnel's own
    show_cover: Flag = True
    show_description: Flag = True


Block = Annotated[
    HeaderBlock
    | BannerBlock
    | PageTextBlock
    | ButtonBlock
    | PictureBlock
    | AudioPlayerBlock
    | VideoBlock
    | PageFileBlock
    | FilePdfBlock
    | SellerProductsBlock
    | MembershipProductsBlock
    | PopularProductsBlock
    | ProductBlock
    | TestimonialsBlock
    | GapBlock
    | FooterBlock
    | AffiliateBlock
    | ContactFormBlock
    | ConversionToolsBlock
    | ThankYouPageBlock
    | FunnelBlock
    | FunnelProductBlock,
    Field(discriminator="type"),
]
