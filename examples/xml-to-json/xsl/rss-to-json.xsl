<?xml version="1.0" encoding="UTF-8"?>
<!--
  RSS 2.0 -> JSON. The result is XML in the gateway's JSON shape (OXN: a root element `json`, one type
  attribute per element, `value` for array items), which the gateway renders as JSON. The gateway
  escapes the strings, so titles with quotes or line breaks need no care here.
-->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="xml" media-type="application/json" omit-xml-declaration="yes"/>

  <xsl:template match="/">
    <xsl:apply-templates select="rss/channel"/>
  </xsl:template>

  <xsl:template match="channel">
    <json object="">
      <title string=""><xsl:value-of select="normalize-space(title)"/></title>
      <count number=""><xsl:value-of select="count(item)"/></count>
      <items array="">
        <xsl:for-each select="item">
          <value object="">
            <title string=""><xsl:value-of select="normalize-space(title)"/></title>
            <link string=""><xsl:value-of select="normalize-space(link)"/></link>
            <published string=""><xsl:value-of select="normalize-space(pubDate)"/></published>
            <categories array="">
              <xsl:for-each select="category">
                <value string=""><xsl:value-of select="normalize-space(.)"/></value>
              </xsl:for-each>
            </categories>
          </value>
        </xsl:for-each>
      </items>
    </json>
  </xsl:template>
</xsl:stylesheet>
